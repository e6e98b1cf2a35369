import type { NewUser, UserRow, UserUpdate } from '../../db/schema.ts';
import type { Conn } from '../../db/conn.ts';


export function findUserById(db: Conn, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByMobile(db: Conn, mobile: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

/** A new user with the column defaults filled in: ordinary (type 1), not audited, active. */
export function newUser(now: number, fields: Partial<NewUser> = {}): NewUser {
  return {
    name: '',
    nickname: '',
    avatar: '',
    mobile: null,
    email: '',
    company: '',
    department: '',
    position: '',
    audit_status: 0,
    audit_remark: '',
    audit_submitted_at: null,
    user_type: 1,
    member_expire_at: null,
    corporate_id: null,
    account_status: 0,
    subscribed: 0,
    activated: 0,
    preset_label: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

export async function insertUser(db: Conn, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Conn, id: number, patch: UserUpdate): Promise<UserRow | undefined> {
  return db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

export function listPresetUsers(db: Conn): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('preset_label', 'is not', null).orderBy('id').execute();
}

export interface UserProfileRow extends UserRow {
  corporate_name: string;
  has_wechat: boolean;
}

/** The user with what the profile shows from other tables: the corporate's name and whether WeChat is linked. */
export async function findUserProfileRow(db: Conn, id: number): Promise<UserProfileRow | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('corporates', 'corporates.id', 'users.corporate_id')
    .selectAll('users')
    .select('corporates.name as corporate_name')
    .select((eb) =>
      eb.exists(eb.selectFrom('wechat_identities').select('wechat_identities.id').whereRef('wechat_identities.user_id', '=', 'users.id')).as('has_wechat'),
    )
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  // EXISTS is 0/1 on SQLite and a boolean on PostgreSQL.
  return { ...row, corporate_name: row.corporate_name ?? '', has_wechat: Boolean(row.has_wechat) };
}
