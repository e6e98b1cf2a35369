/**
 * WeChat web OAuth (公众号网页授权 inside the WeChat browser, 网站应用扫码登录 on desktop).
 * Builds the authorize / QR-connect page URLs and speaks the published JSON API:
 *   GET {apiBase}/sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code
 *   GET {apiBase}/sns/oauth2/refresh_token?appid&grant_type=refresh_token&refresh_token
 *   GET {apiBase}/sns/userinfo?access_token&openid&lang=zh_CN
 * Every call has a timeout. A connection-level failure (refused, reset) is retried once; a
 * timeout is not (the request may have reached WeChat, and a code is single-use) and neither is
 * an `errcode` answer. Failures surface as WechatOAuthError; the caller maps them to -10017.
 */
import { readWechatAnswer, type WechatJson } from './wechat-answer.ts';

/** Which WeChat app a flow uses: the official account (in-WeChat H5) or the open-platform website app (QR). */
export type WechatApp = 'mp' | 'open';

export interface WechatAccessToken {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  openid: string;
  scope: string;
  unionid: string | null;
}

export interface WechatUserInfo {
  openid: string;
  unionid: string | null;
  nickname: string;
  /** https URL of the avatar, '' when none. */
  avatar: string;
  sex: number;
  province: string;
  city: string;
  country: string;
}

export interface WechatOAuthClient {
  /** App id of the official account (in-WeChat login). */
  readonly appId: string;
  /** App id of the open-platform website app (desktop QR login). */
  readonly openAppId: string;
  appIdFor(app: WechatApp): string;
  /** `snsapi_userinfo` authorize page for the WeChat browser. */
  authorizeUrl(redirectUri: string, state: string): string;
  /** `snsapi_login` QR page for desktop browsers. */
  qrConnectUrl(redirectUri: string, state: string): string;
  exchangeCode(app: WechatApp, code: string): Promise<WechatAccessToken>;
  refreshAccessToken(app: WechatApp, refreshToken: string): Promise<WechatAccessToken>;
  userInfo(accessToken: string, openid: string): Promise<WechatUserInfo>;
}

export type WechatFailureKind = 'api' | 'network' | 'timeout' | 'protocol';

export class WechatOAuthError extends Error {
  constructor(
    readonly kind: WechatFailureKind,
    message: string,
    /** WeChat's errcode when it answered one (40029 invalid code, 40163 code been used …). */
    readonly errcode: number | null = null,
  ) {
    super(message);
    this.name = 'WechatOAuthError';
  }
}

export interface HttpWechatOAuthConfig {
  appId: string;
  appSecret: string;
  openAppId: string;
  openAppSecret: string;
  apiBase: string;
  openBase: string;
  /** Per-request timeout; default 5 s. */
  timeoutMs?: number;
}

type Json = WechatJson;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** WeChat serves avatars over http; an https page needs https. Anything not http(s) is dropped. */
function httpsAvatar(url: string): string {
  if (/^https:\/\//i.test(url)) return url.slice(0, 512);
  if (/^http:\/\//i.test(url)) return `https://${url.slice(7)}`.slice(0, 512);
  return '';
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

export class HttpWechatOAuthClient implements WechatOAuthClient {
  readonly appId: string;
  readonly openAppId: string;
  private readonly cfg: HttpWechatOAuthConfig;
  private readonly timeoutMs: number;

  constructor(cfg: HttpWechatOAuthConfig) {
    this.cfg = cfg;
    this.appId = cfg.appId;
    this.openAppId = cfg.openAppId;
    this.timeoutMs = cfg.timeoutMs ?? 5000;
  }

  appIdFor(app: WechatApp): string {
    return app === 'open' ? this.cfg.openAppId : this.cfg.appId;
  }

  private secretFor(app: WechatApp): string {
    return app === 'open' ? this.cfg.openAppSecret : this.cfg.appSecret;
  }

  // WeChat checks the parameter order, so the query is written by hand rather than by URLSearchParams.
  authorizeUrl(redirectUri: string, state: string): string {
    return `${this.cfg.openBase}/connect/oauth2/authorize?appid=${encodeURIComponent(this.cfg.appId)}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=snsapi_userinfo&state=${encodeURIComponent(state)}#wechat_redirect`;
  }

  qrConnectUrl(redirectUri: string, state: string): string {
    return `${this.cfg.openBase}/connect/qrconnect?appid=${encodeURIComponent(this.cfg.openAppId)}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=snsapi_login&state=${encodeURIComponent(state)}#wechat_redirect`;
  }

  async exchangeCode(app: WechatApp, code: string): Promise<WechatAccessToken> {
    const json = await this.get('/sns/oauth2/access_token', {
      appid: this.appIdFor(app),
      secret: this.secretFor(app),
      code,
      grant_type: 'authorization_code',
    });
    return toAccessToken(json);
  }

  async refreshAccessToken(app: WechatApp, refreshToken: string): Promise<WechatAccessToken> {
    const json = await this.get('/sns/oauth2/refresh_token', {
      appid: this.appIdFor(app),
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
    return toAccessToken(json);
  }

  async userInfo(accessToken: string, openid: string): Promise<WechatUserInfo> {
    const json = await this.get('/sns/userinfo', { access_token: accessToken, openid, lang: 'zh_CN' });
    const gotOpenid = str(json.openid);
    if (!gotOpenid) throw new WechatOAuthError('protocol', 'userinfo without openid');
    return {
      openid: gotOpenid,
      unionid: str(json.unionid) || null,
      nickname: str(json.nickname).replace(CONTROL, '').trim().slice(0, 64),
      avatar: httpsAvatar(str(json.headimgurl)),
      sex: num(json.sex),
      province: str(json.province),
      city: str(json.city),
      country: str(json.country),
    };
  }

  private async get(path: string, params: Record<string, string>): Promise<Json> {
    const url = `${this.cfg.apiBase}${path}?${new URLSearchParams(params).toString()}`;
    let res: Response;
    try {
      res = await this.fetchOnce(url);
    } catch (err) {
      if (!(err instanceof WechatOAuthError) || err.kind !== 'network') throw err;
      res = await this.fetchOnce(url);
    }
    return readWechatAnswer(res, path, (kind, message, errcode) => new WechatOAuthError(kind, message, errcode));
  }

  private async fetchOnce(url: string): Promise<Response> {
    try {
      return await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new WechatOAuthError('timeout', `WeChat did not answer within ${this.timeoutMs} ms`);
      }
      throw new WechatOAuthError('network', `WeChat unreachable: ${(err as Error)?.message ?? String(err)}`);
    }
  }
}

function toAccessToken(json: Json): WechatAccessToken {
  const accessToken = str(json.access_token);
  const openid = str(json.openid);
  if (!accessToken || !openid) throw new WechatOAuthError('protocol', 'access_token answer without access_token/openid');
  return {
    accessToken,
    expiresIn: num(json.expires_in),
    refreshToken: str(json.refresh_token),
    openid,
    scope: str(json.scope),
    unionid: str(json.unionid) || null,
  };
}
