import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const id = idColumn(ctx.dialect);

  await db.schema
    .createTable('corporates')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'text', (c) => c.unique())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('department', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('audit_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('audit_remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('audit_submitted_at', 'bigint')
    .addColumn('user_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('member_expire_at', 'bigint')
    .addColumn('corporate_id', 'integer', (c) => c.references('corporates.id'))
    .addColumn('account_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscribed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('preset_label', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('wechat_identities')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('openid', 'text', (c) => c.notNull())
    .addColumn('unionid', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('wechat_identities_app_openid', ['app_id', 'openid'])
    .execute();
  await db.schema.createIndex('wechat_identities_unionid').on('wechat_identities').column('unionid').execute();
  await db.schema.createIndex('wechat_identities_user').on('wechat_identities').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('access_hash', 'text', (c) => c.notNull().unique())
    .addColumn('refresh_hash', 'text', (c) => c.notNull().unique())
    .addColumn('access_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('refresh_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', id.type, id.build)
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('purpose', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_codes_mobile').on('sms_codes').columns(['mobile', 'purpose', 'created_at']).execute();

  await db.schema
    .createTable('subjects')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('lecturers')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('department', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('courses')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('course_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('course_level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('lecturer_id', 'integer', (c) => c.notNull().references('lecturers.id'))
    .addColumn('media_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip_price', 'integer')
    .addColumn('original_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('member_free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('home_list_type', 'integer')
    .addColumn('activity_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('corporate_id', 'integer', (c) => c.references('corporates.id'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('duration_seconds', 'integer')
    .addColumn('native_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('needs_verified_profile', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('learners_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('courses_subject').on('courses').columns(['subject_id', 'status']).execute();
  await db.schema.createIndex('courses_published').on('courses').columns(['status', 'published_at']).execute();
  await db.schema.createIndex('courses_home').on('courses').columns(['home_list_type', 'status']).execute();

  await db.schema
    .createTable('chapters')
    .addColumn('id', id.type, id.build)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_seconds', 'integer')
    .addColumn('is_free_trial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('chapters_course').on('chapters').columns(['course_id', 'sort']).execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('course_tags')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('course_tags_pk', ['course_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('course_tags_tag').on('course_tags').column('tag_id').execute();

  await db.schema
    .createTable('columns')
    .addColumn('id', id.type, id.build)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lecturer_id', 'integer', (c) => c.references('lecturers.id'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('column_courses')
    .addColumn('column_id', 'integer', (c) => c.notNull().references('columns.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('column_courses_pk', ['column_id', 'course_id'])
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', id.type, id.build)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('link_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('corporate_id', 'integer', (c) => c.references('corporates.id'))
    .execute();
}
