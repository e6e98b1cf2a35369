/**
 * The learner's own profile: presenting it, the audit result code (spec §4), edits with their
 * review rules, activation, the test-login preset list, and re-reading nickname/avatar from WeChat.
 */
import {
  AuditResult,
  ErrorCodes,
  USER_TYPE_LABELS,
  UserAuditStatus,
  type PresetUser,
  type UserInfoBody,
  type UserProfile,
  type UserTypeValue,
} from '@jinfa/shared';
import { AppError } from '../../lib/errors.ts';
import type { UserRow, UserUpdate } from '../../db/schema.ts';
import { WechatOAuthError, type WechatOAuthClient } from '../../adapters/wechat/wechat-oauth.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import { findUserProfileRow, listPresetUsers, updateUser, type UserProfileRow } from './user-repository.ts';
import type { Conn, Db, Trx } from '../../db/conn.ts';
import { listIdentitiesOfUser, updateIdentity } from './wechat-identity-repository.ts';
import { cleanText, isValidEmail, isValidName, squeeze } from './profile-rules.ts';
import { maskMobile } from '../../lib/mask.ts';
import { isEmailVerified } from './email-verification-service.ts';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function presentProfile(row: UserProfileRow): UserProfile {
  return {
    userId: row.id,
    name: row.name,
    nickname: row.nickname,
    avatar: row.avatar,
    mobile: row.mobile ?? '',
    email: row.email,
    emailVerified: isEmailVerified(row),
    company: row.company,
    department: row.department,
    position: row.position,
    auditStatus: row.audit_status,
    auditRemark: row.audit_remark,
    userType: row.user_type,
    userTypeLabel: USER_TYPE_LABELS[row.user_type as UserTypeValue] ?? USER_TYPE_LABELS[1],
    memberExpireAt: iso(row.member_expire_at),
    corporateId: row.corporate_id,
    corporateName: row.corporate_name,
    accountStatus: row.account_status,
    hasWechat: row.has_wechat,
    subscribed: row.subscribed === 1,
    activated: row.activated === 1,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function loadProfile(db: Conn, userId: number): Promise<UserProfile> {
  const row = await findUserProfileRow(db, userId);
  if (!row) throw new AppError(ErrorCodes.USER_NOT_FOUND);
  return presentProfile(row);
}

/**
 * `GET /v1/users/me/audit_status`, spec §4 result codes. The spec names the codes but not the
 * states behind them; ours:
 *
 * | audit_status     | submissions (audit_submit_count) | result                          |
 * |------------------|----------------------------------|---------------------------------|
 * | 1 passed         | any                              | 0       ok                      |
 * | 0 not audited    | never submitted (submitted_at null) | 262146 not yet submitted     |
 * | 0 not audited    | first submission (≤ 1)           | 262144  first audit (pending)   |
 * | 0 not audited    | re-application (≥ 2)             | 262147  not first applied (pending again) |
 * | 2 failed         | failed on the first submission   | 262145  not passed              |
 * | 2 failed         | failed again after re-applying   | 262148  failed and not applying |
 *
 * A failed profile stays failed until the learner edits a reviewed field (name, company,
 * department, position), which submits it again (audit_status back to 0, count + 1).
 */
export function auditResultOf(user: UserRow): { result: number; auditStatus: number; remark: string } {
  const base = { auditStatus: user.audit_status, remark: user.audit_remark };
  if (user.audit_status === UserAuditStatus.PASSED) return { result: AuditResult.OK, ...base };
  if (user.audit_status === UserAuditStatus.FAILED) {
    return { result: user.audit_submit_count >= 2 ? AuditResult.FAILED_NOT_APPLYING : AuditResult.NOT_PASSED, ...base };
  }
  if (user.audit_submitted_at === null) return { result: AuditResult.NOT_YET_SUBMITTED, ...base };
  return { result: user.audit_submit_count >= 2 ? AuditResult.NOT_FIRST_APPLIED : AuditResult.FIRST_AUDIT, ...base };
}

const REVIEWED_FIELDS = ['name', 'company', 'department', 'position'] as const;

/**
 * `PUT /v1/users/online/info` (and `info_init`, the first submission). Changing a reviewed field
 * submits the profile for review again; an edit that changes nothing writes nothing. The phone is
 * only changed through SMS verification (`PUT /v1/users/authenticate`).
 */
export async function updateProfile(db: Conn, user: UserRow, body: UserInfoBody, opts: { firstSubmission: boolean; now: number }): Promise<void> {
  const patch: UserUpdate = {};
  if (body.name !== undefined) {
    const name = squeeze(body.name);
    if (!isValidName(name)) throw new AppError(ErrorCodes.NAME_INVALID, '请输入真实姓名（2-20个汉字或字母）');
    patch.name = name;
  }
  if (body.email !== undefined) {
    const email = body.email.trim();
    if (email !== '' && !isValidEmail(email)) throw new AppError(ErrorCodes.EMAIL_INVALID);
    patch.email = email;
    // A new address is unproved until its owner types back the code mailed to it (decision 018).
    if (email !== user.email) patch.email_verified_at = null;
  }
  if (body.mobile !== undefined) {
    const mobile = body.mobile.trim();
    if (mobile !== '' && mobile !== user.mobile) throw new AppError(ErrorCodes.MOBILE_INVALID, '更换手机号请通过短信验证码绑定');
  }
  if (body.nickname !== undefined) patch.nickname = cleanText(body.nickname, 30);
  if (body.company !== undefined) patch.company = cleanText(body.company, 60);
  if (body.department !== undefined) patch.department = cleanText(body.department, 60);
  if (body.position !== undefined) patch.position = cleanText(body.position, 60);

  if (opts.firstSubmission && !(patch.name ?? user.name)) throw new AppError(ErrorCodes.NAME_INVALID);

  const changed = (Object.keys(patch) as (keyof UserUpdate)[]).filter((k) => patch[k] !== user[k as keyof UserRow]);
  const reviewedChanged = REVIEWED_FIELDS.some((k) => changed.includes(k));
  const submit = reviewedChanged || (opts.firstSubmission && user.audit_submitted_at === null);
  if (changed.length === 0 && !submit) return;
  if (submit) {
    patch.audit_status = UserAuditStatus.NOT_AUDITED;
    patch.audit_submitted_at = opts.now;
    patch.audit_submit_count = user.audit_submit_count + 1;
    patch.audit_remark = '';
  }
  patch.updated_at = opts.now;
  await updateUser(db, user.id, patch);
}

export async function activateUser(db: Conn, user: UserRow, now: number): Promise<void> {
  if (user.activated === 1) return;
  await updateUser(db, user.id, { activated: 1, updated_at: now });
}

export async function presetUsers(db: Conn): Promise<PresetUser[]> {
  const rows = await listPresetUsers(db);
  return rows.map((u) => ({ userId: u.id, name: u.name || u.nickname, label: u.preset_label ?? '', mobile: maskMobile(u.mobile) }));
}

/** Writes what WeChat answered to the identity and the user, as one unit. */
export async function applyWechatSync(
  trx: Trx,
  input: { userId: number; identityId: number; nickname: string; avatar: string; sealedRefreshToken: string | null; now: number },
): Promise<void> {
  await updateIdentity(trx, input.identityId, {
    nickname: input.nickname,
    avatar: input.avatar,
    ...(input.sealedRefreshToken ? { snsRefreshToken: input.sealedRefreshToken } : {}),
  });
  const patch: UserUpdate = { updated_at: input.now };
  if (input.nickname) patch.nickname = input.nickname;
  if (input.avatar) patch.avatar = input.avatar;
  await updateUser(trx, input.userId, patch);
}

/**
 * `POST /v1/users/sync`: re-reads nickname and avatar from WeChat with the identity's stored
 * OAuth refresh token. No identity, or no live refresh token (WeChat keeps them 30 days): nothing
 * to do. WeChat refusing or unreachable: -10017.
 */
export async function syncFromWechat(deps: { db: Db; client: WechatOAuthClient; secret: string }, user: UserRow, now: number): Promise<void> {
  const identities = await listIdentitiesOfUser(deps.db, user.id);
  const identity = identities.find((i) => i.sns_refresh_token && (i.sns_refresh_expires_at ?? 0) > now);
  const refreshToken = identity?.sns_refresh_token ? openSecret(deps.secret, identity.sns_refresh_token) : null;
  if (!identity || !refreshToken) return;
  const app = identity.app_id === deps.client.appId ? 'mp' : 'open';
  let info;
  let sealedRefreshToken: string | null = null;
  try {
    const token = await deps.client.refreshAccessToken(app, refreshToken);
    info = await deps.client.userInfo(token.accessToken, token.openid);
    if (token.refreshToken && token.refreshToken !== refreshToken) sealedRefreshToken = sealSecret(deps.secret, token.refreshToken);
  } catch (err) {
    if (err instanceof WechatOAuthError) throw new AppError(ErrorCodes.WECHAT_AUTH_FAILED);
    throw err;
  }
  await deps.db.transaction().execute((trx) =>
    applyWechatSync(trx, { userId: user.id, identityId: identity.id, nickname: info.nickname, avatar: info.avatar, sealedRefreshToken, now }),
  );
}
