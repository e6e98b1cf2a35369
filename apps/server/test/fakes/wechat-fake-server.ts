/**
 * A local WeChat OAuth API on 127.0.0.1 speaking the published protocol, for running the real
 * HttpWechatOAuthClient in tests:
 *   GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code
 *   GET /sns/oauth2/refresh_token?appid&grant_type=refresh_token&refresh_token
 *   GET /sns/userinfo?access_token&openid&lang
 * Codes are single use (40163 on reuse), unknown codes 40029, a wrong secret 40125, an unknown
 * appid 40013, a bad access token 40001, a bad refresh token 40030. `mintCode` plays the part of
 * the learner tapping "allow" on WeChat's page; `failNext` injects connection resets or silence.
 *
 * And the official account's JS-SDK credentials:
 *   GET /cgi-bin/token?grant_type=client_credential&appid&secret → access_token, expires_in
 *   GET /cgi-bin/ticket/getticket?access_token&type=jsapi → errcode 0, ticket, expires_in
 * A new access_token does not kill the previous ones here (WeChat keeps the old one for five
 * minutes); `invalidateAccessTokens` plays another client fetching a new one (40001) and
 * `expireAccessTokens` their lifetime running out (42001).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWechatUser {
  openid: string;
  unionid?: string;
  nickname?: string;
  headimgurl?: string;
}

interface Grant {
  appid: string;
  user: FakeWechatUser;
}

export interface FakeWechatServer {
  baseUrl: string;
  /** A fresh authorization code for this user of this app (as WeChat appends to the redirect_uri). */
  mintCode(appid: string, user: FakeWechatUser): string;
  /** The next n requests fail: 'reset' drops the connection, 'hang' never answers. */
  failNext(n: number, mode: 'reset' | 'hang'): void;
  /** Every request received, in order (path and query). */
  requests: { path: string; query: Record<string, string> }[];
  /** Changes what userinfo answers for an openid from now on. */
  updateUser(openid: string, patch: Partial<FakeWechatUser>): void;
  /** Every client-credential access_token issued so far makes getticket answer 40001. */
  invalidateAccessTokens(): void;
  /** Every client-credential access_token issued so far makes getticket answer 42001. */
  expireAccessTokens(): void;
  /** The jsapi tickets issued, in order (the last one is current). */
  tickets: string[];
  /** expires_in answered for access tokens and tickets (default 7200). */
  setCredentialTtl(seconds: number): void;
  close(): Promise<void>;
}

const rid = () => crypto.randomBytes(6).toString('hex');
const err = (errcode: number, errmsg: string) => ({ errcode, errmsg: `${errmsg}, rid: ${rid()}` });

export async function startWechatFake(apps: Record<string, string>): Promise<FakeWechatServer> {
  const codes = new Map<string, Grant & { used: boolean }>();
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  const users = new Map<string, FakeWechatUser>();
  const requests: FakeWechatServer['requests'] = [];
  const faults: ('reset' | 'hang')[] = [];
  const hanging = new Set<http.ServerResponse>();
  const appTokens = new Map<string, 'valid' | 'invalid' | 'expired'>();
  const tickets: string[] = [];
  let credentialTtl = 7200;

  function issue(grant: Grant) {
    const access = crypto.randomBytes(24).toString('base64url');
    const refresh = crypto.randomBytes(24).toString('base64url');
    accessTokens.set(access, grant);
    refreshTokens.set(refresh, grant);
    const user = users.get(grant.user.openid) ?? grant.user;
    return {
      access_token: access,
      expires_in: 7200,
      refresh_token: refresh,
      openid: user.openid,
      scope: 'snsapi_userinfo',
      ...(user.unionid ? { unionid: user.unionid } : {}),
    };
  }

  function handle(path: string, q: Record<string, string>): unknown {
    if (path === '/sns/oauth2/access_token') {
      const secret = q.appid ? apps[q.appid] : undefined;
      if (!q.appid || secret === undefined) return err(40013, 'invalid appid');
      if (q.secret !== secret) return err(40125, 'invalid appsecret');
      if (q.grant_type !== 'authorization_code') return err(40002, 'invalid grant_type');
      if (!q.code) return err(41008, 'missing code');
      const grant = codes.get(q.code);
      if (!grant || grant.appid !== q.appid) return err(40029, 'invalid code');
      if (grant.used) return err(40163, 'code been used');
      grant.used = true;
      return issue(grant);
    }
    if (path === '/sns/oauth2/refresh_token') {
      if (!q.appid || apps[q.appid] === undefined) return err(40013, 'invalid appid');
      const grant = q.refresh_token ? refreshTokens.get(q.refresh_token) : undefined;
      if (!grant || grant.appid !== q.appid) return err(40030, 'invalid refresh_token');
      refreshTokens.delete(q.refresh_token!);
      return issue(grant);
    }
    if (path === '/cgi-bin/token') {
      const secret = q.appid ? apps[q.appid] : undefined;
      if (q.grant_type !== 'client_credential') return err(40002, 'invalid grant_type');
      if (!q.appid || secret === undefined) return err(40013, 'invalid appid');
      if (q.secret !== secret) return err(40125, 'invalid appsecret');
      const token = crypto.randomBytes(32).toString('base64url');
      appTokens.set(token, 'valid');
      return { access_token: token, expires_in: credentialTtl };
    }
    if (path === '/cgi-bin/ticket/getticket') {
      const state = q.access_token ? appTokens.get(q.access_token) : undefined;
      if (state === undefined || state === 'invalid') return err(40001, 'invalid credential, access_token is invalid or not latest');
      if (state === 'expired') return err(42001, 'access_token expired');
      if (q.type !== 'jsapi') return err(40097, 'invalid args');
      const ticket = `fake-ticket-${crypto.randomBytes(16).toString('base64url')}`;
      tickets.push(ticket);
      return { errcode: 0, errmsg: 'ok', ticket, expires_in: credentialTtl };
    }
    if (path === '/sns/userinfo') {
      const grant = q.access_token ? accessTokens.get(q.access_token) : undefined;
      if (!grant) return err(40001, 'invalid credential, access_token is invalid or not latest');
      if (q.openid !== grant.user.openid) return err(40003, 'invalid openid');
      const user = users.get(grant.user.openid) ?? grant.user;
      return {
        openid: user.openid,
        nickname: user.nickname ?? '微信用户',
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: user.headimgurl ?? '',
        privilege: [],
        ...(user.unionid ? { unionid: user.unionid } : {}),
      };
    }
    return null;
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const query = Object.fromEntries(url.searchParams.entries());
    requests.push({ path: url.pathname, query });
    const fault = faults.shift();
    if (fault === 'reset') {
      req.socket.destroy();
      return;
    }
    if (fault === 'hang') {
      hanging.add(res);
      return;
    }
    const body = req.method === 'GET' ? handle(url.pathname, query) : null;
    if (body === null) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    // WeChat labels these JSON answers text/plain for some endpoints; the client must not care.
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(JSON.stringify(body));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    tickets,
    invalidateAccessTokens() {
      for (const token of appTokens.keys()) appTokens.set(token, 'invalid');
    },
    expireAccessTokens() {
      for (const token of appTokens.keys()) appTokens.set(token, 'expired');
    },
    setCredentialTtl(seconds) {
      credentialTtl = seconds;
    },
    mintCode(appid, user) {
      const code = crypto.randomBytes(16).toString('hex');
      users.set(user.openid, { ...users.get(user.openid), ...user });
      codes.set(code, { appid, user, used: false });
      return code;
    },
    failNext(n, mode) {
      for (let i = 0; i < n; i++) faults.push(mode);
    },
    updateUser(openid, patch) {
      const current = users.get(openid) ?? { openid };
      users.set(openid, { ...current, ...patch, openid });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
