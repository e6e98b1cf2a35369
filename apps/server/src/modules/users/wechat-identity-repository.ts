import type { Updateable } from 'kysely';
import type { WechatIdentitiesTable, WechatIdentityRow } from '../../db/schema.ts';
import type { Conn } from '../../db/conn.ts';

export function findIdentityByOpenid(db: Conn, appId: string, openid: string): Promise<WechatIdentityRow | undefined> {
  return db.selectFrom('wechat_identities').selectAll().where('app_id', '=', appId).where('openid', '=', openid).executeTakeFirst();
}

/** Any identity carrying this unionid (the same person across our WeChat apps). */
export function findIdentityByUnionid(db: Conn, unionid: string): Promise<WechatIdentityRow | undefined> {
  return db.selectFrom('wechat_identities').selectAll().where('unionid', '=', unionid).orderBy('id').limit(1).executeTakeFirst();
}

export function findIdentityOfUser(db: Conn, userId: number, appId: string): Promise<WechatIdentityRow | undefined> {
  return db.selectFrom('wechat_identities').selectAll().where('user_id', '=', userId).where('app_id', '=', appId).executeTakeFirst();
}

/** A user's identities, the most recently created first. */
export function listIdentitiesOfUser(db: Conn, userId: number): Promise<WechatIdentityRow[]> {
  return db.selectFrom('wechat_identities').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

export async function insertIdentity(
  db: Conn,
  i: { userId: number; appId: string; openid: string; unionid: string | null; nickname: string; avatar: string; snsRefreshToken: string | null; snsRefreshExpiresAt: number | null; now: number },
): Promise<WechatIdentityRow> {
  return db
    .insertInto('wechat_identities')
    .values({
      user_id: i.userId,
      app_id: i.appId,
      openid: i.openid,
      unionid: i.unionid,
      nickname: i.nickname,
      avatar: i.avatar,
      sns_refresh_token: i.snsRefreshToken,
      sns_refresh_expires_at: i.snsRefreshExpiresAt,
      created_at: i.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateIdentity(
  db: Conn,
  id: number,
  patch: { unionid?: string | null; nickname?: string; avatar?: string; snsRefreshToken?: string | null; snsRefreshExpiresAt?: number | null },
): Promise<void> {
  const set: Updateable<WechatIdentitiesTable> = {};
  if (patch.unionid !== undefined) set.unionid = patch.unionid;
  if (patch.nickname !== undefined) set.nickname = patch.nickname;
  if (patch.avatar !== undefined) set.avatar = patch.avatar;
  if (patch.snsRefreshToken !== undefined) set.sns_refresh_token = patch.snsRefreshToken;
  if (patch.snsRefreshExpiresAt !== undefined) set.sns_refresh_expires_at = patch.snsRefreshExpiresAt;
  if (Object.keys(set).length === 0) return;
  await db.updateTable('wechat_identities').set(set).where('id', '=', id).execute();
}
