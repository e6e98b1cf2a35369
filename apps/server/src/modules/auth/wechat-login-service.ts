/**
 * Signing in with WeChat. The code from the callback is exchanged for an openid (and unionid),
 * the profile is read, and one transaction finds the user — by (app, openid), else by unionid
 * across our apps, else creates one with the WeChat nickname and avatar — or, when a signed-in
 * learner started the flow, links the identity to them. No session is opened here: the callback
 * hands the browser a one-time login code that it exchanges for tokens (login-binding.ts).
 */
import { AccountStatus, ErrorCodes, UserAuditStatus, UserType } from '@jinfa/shared';
import { AppError } from '../../lib/errors.ts';
import { WechatOAuthError, type WechatApp, type WechatOAuthClient } from '../../adapters/wechat/wechat-oauth.ts';
import { findUserById, insertUser, newUser, updateUser } from '../users/user-repository.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Db, Trx } from '../../db/conn.ts';
import { findIdentityByOpenid, findIdentityByUnionid, findIdentityOfUser, insertIdentity, updateIdentity } from '../users/wechat-identity-repository.ts';
import { assertCanAct } from '../../plugins/auth.ts';
import { sealSecret } from '../../lib/secret-box.ts';

/** WeChat keeps an OAuth refresh token valid for 30 days. */
const SNS_REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface WechatProfile {
  appId: string;
  openid: string;
  unionid: string | null;
  nickname: string;
  avatar: string;
  /** WeChat's refresh token, already sealed; null when none was given. */
  sealedRefreshToken: string | null;
}

/** Any WeChat failure (errcode, timeout, unreachable) becomes the one code the H5 knows: -10017. */
export function asWechatFailure(err: unknown): unknown {
  return err instanceof WechatOAuthError ? new AppError(ErrorCodes.WECHAT_AUTH_FAILED) : err;
}

/** Exchanges the callback's code and reads the profile. */
export async function fetchWechatProfile(client: WechatOAuthClient, secret: string, app: WechatApp, code: string): Promise<WechatProfile> {
  try {
    const token = await client.exchangeCode(app, code);
    const info = await client.userInfo(token.accessToken, token.openid);
    return {
      appId: client.appIdFor(app),
      openid: token.openid,
      unionid: token.unionid ?? info.unionid,
      nickname: info.nickname,
      avatar: info.avatar,
      sealedRefreshToken: token.refreshToken ? sealSecret(secret, token.refreshToken) : null,
    };
  } catch (err) {
    throw asWechatFailure(err);
  }
}

/** Who signed in: the account found, created or linked. */
export interface WechatSignIn {
  userId: number;
  isNewUser: boolean;
}

export async function signInWithWechat(trx: Trx, input: { profile: WechatProfile; linkUserId: number | null; now: number }): Promise<WechatSignIn> {
  const { profile: p, now } = input;
  const meta = {
    nickname: p.nickname,
    avatar: p.avatar,
    snsRefreshToken: p.sealedRefreshToken,
    snsRefreshExpiresAt: p.sealedRefreshToken ? now + SNS_REFRESH_TTL_MS : null,
  };
  let identity = await findIdentityByOpenid(trx, p.appId, p.openid);
  let userId: number;
  let isNewUser = false;

  if (input.linkUserId !== null) {
    const me = await findUserById(trx, input.linkUserId);
    if (!me) throw new AppError(ErrorCodes.TOKEN_INVALID);
    assertCanAct(me);
    userId = me.id;
    if (identity && identity.user_id !== userId) throw new AppError(ErrorCodes.WECHAT_TAKEN);
    if (!identity) {
      const byUnion = p.unionid ? await findIdentityByUnionid(trx, p.unionid) : undefined;
      if (byUnion && byUnion.user_id !== userId) throw new AppError(ErrorCodes.WECHAT_TAKEN);
      const mine = await findIdentityOfUser(trx, userId, p.appId);
      if (mine) throw new AppError(ErrorCodes.WECHAT_TAKEN, '您的账号已绑定其他微信');
    }
  } else if (identity) {
    userId = identity.user_id;
  } else {
    const byUnion = p.unionid ? await findIdentityByUnionid(trx, p.unionid) : undefined;
    if (byUnion) {
      userId = byUnion.user_id;
    } else {
      const user = await insertUser(
        trx,
        newUser(now, { nickname: p.nickname, avatar: p.avatar, user_type: UserType.ORDINARY, audit_status: UserAuditStatus.NOT_AUDITED, account_status: AccountStatus.ACTIVE }),
      );
      userId = user.id;
      isNewUser = true;
    }
  }

  if (identity) {
    await updateIdentity(trx, identity.id, { ...meta, ...(p.unionid ? { unionid: p.unionid } : {}) });
  } else {
    identity = await insertIdentity(trx, { userId, appId: p.appId, openid: p.openid, unionid: p.unionid, ...meta, now });
  }
  if (!isNewUser) {
    // Fill what the learner has not set; POST /v1/users/sync overwrites on request.
    const user = await findUserById(trx, userId);
    if (user && (!user.nickname || !user.avatar)) {
      await updateUser(trx, userId, { nickname: user.nickname || p.nickname, avatar: user.avatar || p.avatar, updated_at: now });
    }
  }
  return { userId, isNewUser };
}

/** The whole callback after the state check: WeChat calls first, then one transaction. */
export async function completeWechatLogin(
  deps: { db: Db; client: WechatOAuthClient; secret: string },
  input: { app: WechatApp; code: string; linkUserId: number | null; now: number },
): Promise<WechatSignIn> {
  const profile = await fetchWechatProfile(deps.client, deps.secret, input.app, input.code);
  const run = () =>
    deps.db.transaction().execute((trx) => signInWithWechat(trx, { profile, linkUserId: input.linkUserId, now: input.now }));
  try {
    return await run();
  } catch (err) {
    // Two callbacks for the same new WeChat user at once: the loser finds the winner's identity.
    if (!isUniqueViolation(err)) throw err;
    return run();
  }
}
