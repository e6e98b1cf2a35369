import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, CourseLevel, CourseType, HomeListType, UserAuditStatus, UserType } from '@jinfa/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { ASSET_URL_PREFIX, DAY_MS } from '../src/demo/common.ts';
import { PRESET_USER_MOBILES, SEED_BASE_TIME, seedDemoData, type SeedResult } from '../src/demo/seeder.ts';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from './support/db.ts';

const ASSETS_DIR = fileURLToPath(new URL('../assets/', import.meta.url));

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full) : [full];
  });
}

async function tableCounts(db: Kysely<DB>): Promise<Record<string, number>> {
  const tables = ['corporates', 'users', 'subjects', 'lecturers', 'tags', 'courses', 'chapters', 'course_tags', 'columns', 'column_courses', 'banners'] as const;
  const out: Record<string, number> = {};
  for (const t of tables) {
    const row = await db.selectFrom(t).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    out[t] = Number(row.n);
  }
  return out;
}

describe.each(dialectsUnderTest())('seedDemoData (%s)', (dialect) => {
  let t: TestDatabase;
  let first: SeedResult;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    first = await seedDemoData(t.db);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('fills an empty database and reports what it wrote', async () => {
    expect(first.seeded).toBe(true);
    expect(first.counts).toEqual(await tableCounts(t.db));
    expect(first.counts.courses).toBeGreaterThanOrEqual(40);
    expect(first.counts.subjects).toBeGreaterThanOrEqual(8);
    expect(first.counts.lecturers).toBeGreaterThanOrEqual(8);
    expect(first.counts.tags).toBeGreaterThanOrEqual(30);
    expect(first.counts.columns).toBeGreaterThanOrEqual(4);
    expect(first.counts.corporates).toBe(2);
    expect(first.counts.banners).toBeGreaterThanOrEqual(4);
    expect(first.counts.banners).toBeLessThanOrEqual(6);
  });

  it('gives every subject on-shelf courses', async () => {
    const subjects = await t.db.selectFrom('subjects').select(['id', 'name']).execute();
    const onShelf = await t.db.selectFrom('courses').select('subject_id').where('status', '=', 1).execute();
    for (const s of subjects) expect(onShelf.filter((c) => c.subject_id === s.id).length, s.name).toBeGreaterThanOrEqual(1);
    expect(subjects.map((s) => s.name)).toEqual(
      expect.arrayContaining(['商业银行合规', '反洗钱', '票据与支付结算', '担保与不良资产处置', '金融诉讼与执行', '数据与个人信息保护', '金融消费者权益保护', '民法典与银行业务']),
    );
  });

  it('covers all levels, both media and both course types', async () => {
    const courses = await t.db.selectFrom('courses').selectAll().where('status', '=', 1).execute();
    expect(new Set(courses.map((c) => c.course_level))).toEqual(
      new Set([CourseLevel.BEGINNER, CourseLevel.INTERMEDIATE, CourseLevel.ADVANCED]),
    );
    expect(new Set(courses.map((c) => c.media_type))).toEqual(new Set([1, 2]));
    expect(new Set(courses.map((c) => c.course_type))).toEqual(new Set([CourseType.NORMAL, CourseType.SERIES]));
  });

  it('gives every series 4–10 chapters opening with a free trial, and normal courses none', async () => {
    const courses = await t.db.selectFrom('courses').select(['id', 'name', 'course_type', 'duration_seconds']).execute();
    const chapters = await t.db.selectFrom('chapters').selectAll().orderBy('course_id').orderBy('sort').execute();
    const series = courses.filter((c) => c.course_type === CourseType.SERIES);
    expect(series.length).toBeGreaterThanOrEqual(5);
    for (const c of courses) {
      const own = chapters.filter((ch) => ch.course_id === c.id);
      if (c.course_type === CourseType.NORMAL) {
        expect(own, c.name).toHaveLength(0);
        continue;
      }
      expect(own.length, c.name).toBeGreaterThanOrEqual(4);
      expect(own.length, c.name).toBeLessThanOrEqual(10);
      expect(own[0]?.is_free_trial, c.name).toBe(1);
      expect(own.some((ch) => ch.is_free_trial === 0 && ch.price > 0), c.name).toBe(true);
      expect(own.map((ch) => ch.sort)).toEqual(own.map((_, i) => i + 1));
      expect(c.duration_seconds).toBe(own.reduce((sum, ch) => sum + (ch.duration_seconds ?? 0), 0));
    }
  });

  it('has free, paid, VIP-priced and member-free courses with integer fen prices', async () => {
    const courses = await t.db.selectFrom('courses').selectAll().execute();
    for (const c of courses) {
      for (const v of [c.price, c.original_price, c.learners_count]) expect(Number.isInteger(v), c.name).toBe(true);
      if (c.vip_price !== null) {
        expect(Number.isInteger(c.vip_price), c.name).toBe(true);
        expect(c.vip_price, c.name).toBeLessThan(c.price);
      }
      expect(c.original_price, c.name).toBeGreaterThanOrEqual(c.price);
      if (c.is_free === 1) expect(c.price, c.name).toBe(0);
      else expect(c.price, c.name).toBeGreaterThan(0);
    }
    const chapters = await t.db.selectFrom('chapters').select('price').execute();
    const columns = await t.db.selectFrom('columns').select('price').execute();
    for (const p of [...chapters, ...columns]) expect(Number.isInteger(p.price)).toBe(true);

    expect(courses.filter((c) => c.is_free === 1).length).toBeGreaterThanOrEqual(3);
    expect(courses.filter((c) => c.is_free === 0 && c.vip_price === null).length).toBeGreaterThanOrEqual(1);
    expect(courses.filter((c) => c.vip_price !== null && c.vip_price > 0).length).toBeGreaterThanOrEqual(5);
    expect(courses.filter((c) => c.vip_price === 0 && c.member_free === 1).length).toBeGreaterThanOrEqual(3);
    expect(new Set(courses.map((c) => c.activity_type))).toEqual(new Set([0, 1, 2, 3]));
  });

  it('exhibits at least three on-shelf courses in each home zone', async () => {
    const rows = await t.db.selectFrom('courses').select(['home_list_type', 'status']).execute();
    for (const zone of Object.values(HomeListType)) {
      expect(rows.filter((r) => r.home_list_type === zone && r.status === 1).length, `zone ${zone}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('includes the edge cases the product must show', async () => {
    const courses = await t.db.selectFrom('courses').selectAll().execute();
    expect(courses.filter((c) => c.status === 0).length).toBeGreaterThanOrEqual(2);
    expect(courses.filter((c) => c.status === 2)).toHaveLength(1);
    expect(courses.some((c) => c.status === 1 && c.duration_seconds === null)).toBe(true);
    expect(courses.filter((c) => c.native_only === 1).length).toBeGreaterThanOrEqual(1);
    expect(courses.filter((c) => c.needs_verified_profile === 1).length).toBeGreaterThanOrEqual(1);
    const corporates = await t.db.selectFrom('corporates').select('id').execute();
    const owned = courses.filter((c) => c.corporate_id !== null);
    expect(owned.length).toBeGreaterThanOrEqual(2);
    for (const c of owned) expect(corporates.map((x) => x.id)).toContain(c.corporate_id);
    for (const c of courses) {
      expect(c.published_at, c.name).toBeLessThanOrEqual(SEED_BASE_TIME);
      expect(c.published_at, c.name).toBeGreaterThan(SEED_BASE_TIME - 550 * DAY_MS);
    }
  });

  it('writes a substantive rich-text detail for every course', async () => {
    const courses = await t.db.selectFrom('courses').select(['name', 'detail', 'subtitle']).execute();
    for (const c of courses) {
      expect(c.detail, c.name).toMatch(/^<h3>.*<\/h3><p>.*<ul><li>/);
      const text = c.detail.replace(/<[^>]+>/g, '');
      expect(text.length, c.name).toBeGreaterThanOrEqual(150);
      expect(text.length, c.name).toBeLessThanOrEqual(400);
      expect(c.subtitle, c.name).not.toBe('');
    }
  });

  it('presents lecturers with company, department, position and intro', async () => {
    const lecturers = await t.db.selectFrom('lecturers').selectAll().execute();
    expect(lecturers.length).toBeGreaterThanOrEqual(8);
    for (const l of lecturers) {
      for (const field of [l.name, l.company, l.department, l.position, l.intro, l.avatar]) expect(field, l.name).not.toBe('');
    }
    const teaching = await t.db.selectFrom('courses').select('lecturer_id').distinct().execute();
    expect(teaching).toHaveLength(lecturers.length);
  });

  it('tags every course 2–4 times and fills every column with 4–8 courses', async () => {
    const courseTags = await t.db.selectFrom('course_tags').selectAll().execute();
    const courses = await t.db.selectFrom('courses').select(['id', 'name']).execute();
    for (const c of courses) {
      const n = courseTags.filter((ct) => ct.course_id === c.id).length;
      expect(n, c.name).toBeGreaterThanOrEqual(2);
      expect(n, c.name).toBeLessThanOrEqual(4);
    }
    const tags = await t.db.selectFrom('tags').select('id').execute();
    for (const tag of tags) expect(courseTags.some((ct) => ct.tag_id === tag.id)).toBe(true);

    const columns = await t.db.selectFrom('columns').selectAll().execute();
    const links = await t.db.selectFrom('column_courses').selectAll().execute();
    for (const col of columns) {
      const n = links.filter((l) => l.column_id === col.id).length;
      expect(n, col.title).toBeGreaterThanOrEqual(4);
      expect(n, col.title).toBeLessThanOrEqual(8);
      expect(col.intro, col.title).not.toBe('');
    }
  });

  it('links banners to existing courses and in-app routes', async () => {
    const banners = await t.db.selectFrom('banners').selectAll().execute();
    const courseIds = new Set((await t.db.selectFrom('courses').select('id').execute()).map((c) => c.id));
    const columnIds = new Set((await t.db.selectFrom('columns').select('id').execute()).map((c) => c.id));
    expect(banners.some((b) => b.link_type === 0)).toBe(true);
    expect(banners.some((b) => b.link_type === 1)).toBe(true);
    for (const b of banners) {
      if (b.link_type === 1) {
        expect(courseIds.has(Number(b.link)), b.title).toBe(true);
        continue;
      }
      expect(b.link, b.title).toMatch(/^\//);
      const course = /courseId=(\d+)/.exec(b.link);
      if (course) expect(courseIds.has(Number(course[1])), b.title).toBe(true);
      const column = /columnId=(\d+)/.exec(b.link);
      if (column) expect(columnIds.has(Number(column[1])), b.title).toBe(true);
    }
  });

  it('creates the test-login preset users', async () => {
    const users = await t.db.selectFrom('users').selectAll().where('preset_label', 'is not', null).execute();
    expect(users.map((u) => u.mobile).sort()).toEqual([...PRESET_USER_MOBILES].sort());
    expect(new Set(users.map((u) => u.preset_label)).size).toBe(users.length);
    const active = users.filter((u) => u.account_status === AccountStatus.ACTIVE);
    const find = (pred: (u: (typeof users)[number]) => boolean) => users.find(pred);

    const ordinary = find((u) => u.user_type === UserType.ORDINARY && u.account_status === 0 && u.audit_status === UserAuditStatus.PASSED);
    expect(ordinary).toBeDefined();
    expect(ordinary?.name && ordinary.email && ordinary.company).toBeTruthy();

    const basic = active.find((u) => u.user_type === UserType.BASIC_MEMBER);
    expect(basic?.member_expire_at).toBe(SEED_BASE_TIME + 365 * DAY_MS);

    const corporate = active.find((u) => u.user_type === UserType.ENTERPRISE_ANNUAL);
    const firstCorporate = await t.db.selectFrom('corporates').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect(corporate?.corporate_id).toBe(firstCorporate.id);
    expect(corporate?.name).toBe('欧阳晓峰');

    expect(find((u) => u.account_status === AccountStatus.LOCKED)).toBeDefined();
    expect(find((u) => u.account_status === AccountStatus.BLACKLISTED)).toBeDefined();
    const reviewing = find((u) => u.audit_status === UserAuditStatus.NOT_AUDITED && u.audit_submitted_at !== null);
    expect(reviewing?.audit_remark).toBe('');
    expect(reviewing?.audit_submitted_at).toBeLessThan(SEED_BASE_TIME);
    const failed = find((u) => u.audit_status === UserAuditStatus.FAILED);
    expect(failed?.audit_remark).toBe('工作单位与证明材料不一致');
    const fresh = find((u) => u.name === '' && u.email === '');
    expect(fresh?.audit_submitted_at).toBeNull();
  });

  it('references only images that exist under apps/server/assets', async () => {
    const urls = [
      ...(await t.db.selectFrom('subjects').select('icon as url').execute()),
      ...(await t.db.selectFrom('courses').select('cover as url').execute()),
      ...(await t.db.selectFrom('lecturers').select('avatar as url').execute()),
      ...(await t.db.selectFrom('columns').select('cover as url').execute()),
      ...(await t.db.selectFrom('corporates').select('logo as url').execute()),
      ...(await t.db.selectFrom('banners').select('image as url').execute()),
    ].map((r) => r.url);
    for (const url of urls) {
      expect(url.startsWith(ASSET_URL_PREFIX), url).toBe(true);
      expect(fs.existsSync(path.join(ASSETS_DIR, url.slice(ASSET_URL_PREFIX.length))), url).toBe(true);
    }
    expect(fs.existsSync(path.join(ASSETS_DIR, 'logo.svg'))).toBe(true);
  });

  it('is a no-op on a seeded database', async () => {
    const second = await seedDemoData(t.db);
    expect(second.seeded).toBe(false);
    expect(second.counts).toEqual(first.counts);
    expect(await tableCounts(t.db)).toEqual(first.counts);
  });

  it('leaves generated ids usable for later inserts', async () => {
    const max = await t.db.selectFrom('courses').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow();
    const tag = await t.db.insertInto('tags').values({ name: '新增标签' }).returning('id').executeTakeFirstOrThrow();
    expect(tag.id).toBeGreaterThan(first.counts.tags ?? 0);
    const subject = await t.db.selectFrom('subjects').select('id').executeTakeFirstOrThrow();
    const lecturer = await t.db.selectFrom('lecturers').select('id').executeTakeFirstOrThrow();
    const course = await t.db
      .insertInto('courses')
      .values({
        name: '后台新建课程',
        subtitle: '',
        cover: '',
        detail: '',
        course_type: 1,
        course_level: 1,
        subject_id: subject.id,
        lecturer_id: lecturer.id,
        media_type: 1,
        price: 0,
        vip_price: null,
        original_price: 0,
        is_free: 1,
        member_free: 0,
        home_list_type: null,
        activity_type: 0,
        corporate_id: null,
        status: 0,
        duration_seconds: null,
        native_only: 0,
        needs_verified_profile: 0,
        learners_count: 0,
        sort: 0,
        published_at: SEED_BASE_TIME,
        created_at: SEED_BASE_TIME,
        updated_at: SEED_BASE_TIME,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(course.id).toBeGreaterThan(Number(max.m));
    await t.db.deleteFrom('courses').where('id', '=', course.id).execute();
    await t.db.deleteFrom('tags').where('id', '=', tag.id).execute();
  });

  it('seeds once when two callers race on an empty database', async () => {
    const other = await createTestDatabase(dialect);
    try {
      const results = await Promise.all([seedDemoData(other.db), seedDemoData(other.db)]);
      expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
      expect(await tableCounts(other.db)).toEqual(first.counts);
    } finally {
      await other.cleanup();
    }
  });

  it('leaves a database that already has users untouched, and anchors dates to `now`', async () => {
    const other = await createTestDatabase(dialect);
    try {
      await other.db
        .insertInto('users')
        .values({
          name: '',
          nickname: 'x',
          avatar: '',
          mobile: '13900000000',
          email: '',
          company: '',
          department: '',
          position: '',
          audit_status: 0,
          audit_remark: '',
          user_type: 1,
          account_status: 0,
          subscribed: 0,
          activated: 0,
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      const result = await seedDemoData(other.db);
      expect(result.seeded).toBe(false);
      expect(result.counts.users).toBe(1);
      expect(result.counts.courses).toBe(0);
      expect(result.counts.subjects).toBe(0);

      await other.db.deleteFrom('users').execute();
      const now = Date.parse('2027-03-15T12:00:00+08:00');
      expect((await seedDemoData(other.db, { now })).seeded).toBe(true);
      const latest = await other.db.selectFrom('courses').select((eb) => eb.fn.max('published_at').as('p')).executeTakeFirstOrThrow();
      expect(Number(latest.p)).toBeLessThanOrEqual(now);
      expect(Number(latest.p)).toBeGreaterThan(now - 7 * DAY_MS);
      const member = await other.db.selectFrom('users').select('member_expire_at').where('mobile', '=', '13800000002').executeTakeFirstOrThrow();
      expect(member.member_expire_at).toBe(now + 365 * DAY_MS);
    } finally {
      await other.cleanup();
    }
  });
});

describe('seed assets', () => {
  it('are small, valid-looking SVGs with a viewBox', () => {
    const files = listFiles(ASSETS_DIR);
    const total = files.reduce((sum, f) => sum + fs.statSync(f).size, 0);
    expect(total).toBeLessThan(200 * 1024);
    for (const f of files.filter((x) => x.endsWith('.svg'))) {
      const text = fs.readFileSync(f, 'utf8');
      expect(text, f).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
      expect(text.trimEnd().endsWith('</svg>'), f).toBe(true);
      expect(text, f).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    }
  });
});
