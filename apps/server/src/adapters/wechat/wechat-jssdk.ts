/**
 * WeChat JS-SDK credentials for the official account (公众号): the server-side access_token and
 * the jsapi_ticket the share config is signed with. The real client speaks the published API:
 *   GET {apiBase}/cgi-bin/token?grant_type=client_credential&appid&secret
 *   GET {apiBase}/cgi-bin/ticket/getticket?access_token&type=jsapi
 * Both are rate-limited by WeChat (a few thousand calls a day) and each new access_token
 * invalidates the previous one after a grace period, so both are cached in the KV store (shared
 * by every instance when Redis is configured) and fetched again at 80% of their lifetime, while
 * the old value is still valid. Concurrent callers in one process share a single fetch. An
 * errcode 40001/42001 from getticket means the cached token died early (another client fetched a
 * new one): the token is fetched again once and the ticket retried.
 */
import crypto from 'node:crypto';
import type { KvStore } from '../kv-store.ts';
import { readWechatAnswer, type WechatJson } from './wechat-answer.ts';

export interface WechatJsSdk {
  /** App id of the official account the ticket belongs to (the H5 passes it to `wx.config`). */
  readonly appId: string;
  jsapiTicket(): Promise<string>;
}

export class WechatJsSdkError extends Error {
  constructor(
    readonly kind: 'api' | 'network' | 'timeout' | 'protocol',
    message: string,
    readonly errcode: number | null = null,
  ) {
    super(message);
    this.name = 'WechatJsSdkError';
  }
}

/**
 * The signature of the JS-SDK doc (附录1): sha1 over `jsapi_ticket&noncestr&timestamp&url`, keys
 * in ASCII order, values raw (not URL-encoded), the url without its #fragment.
 */
export function signJsApi(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const hashAt = url.indexOf('#');
  const page = hashAt >= 0 ? url.slice(0, hashAt) : url;
  return crypto
    .createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`)
    .digest('hex');
}

/** For development and demos: no WeChat account, a fixed ticket (signatures are reproducible). */
export class LocalWechatJsSdk implements WechatJsSdk {
  constructor(readonly appId: string) {}

  async jsapiTicket(): Promise<string> {
    return `local-jsapi-ticket-${this.appId}`;
  }
}

export interface HttpWechatJsSdkConfig {
  appId: string;
  appSecret: string;
  apiBase: string;
  /** Per-request timeout; default 5 s. */
  timeoutMs?: number;
  /** Share of the lifetime after which a value is fetched again; default 0.8. */
  refreshAt?: number;
}

interface Cached {
  value: string;
  /** Epoch ms after which the value is fetched again (it stays usable until the KV entry expires). */
  refreshAt: number;
}

/** Token errors of getticket: 40001 invalid credential, 42001 access_token expired. */
const STALE_TOKEN = new Set([40001, 42001]);

type Json = WechatJson;

export class HttpWechatJsSdk implements WechatJsSdk {
  readonly appId: string;
  private readonly timeoutMs: number;
  private readonly refreshShare: number;
  private readonly inflight = new Map<string, Promise<string>>();

  constructor(
    private readonly cfg: HttpWechatJsSdkConfig,
    private readonly kv: KvStore,
    private readonly now: () => number = Date.now,
  ) {
    this.appId = cfg.appId;
    this.timeoutMs = cfg.timeoutMs ?? 5000;
    this.refreshShare = cfg.refreshAt ?? 0.8;
  }

  private key(kind: 'token' | 'ticket') {
    return `wechat:jssdk:${this.cfg.appId}:${kind}`;
  }

  accessToken(force = false): Promise<string> {
    return this.cached('token', force, async () => {
      const json = await this.get('/cgi-bin/token', { grant_type: 'client_credential', appid: this.cfg.appId, secret: this.cfg.appSecret });
      return credential(json, 'access_token');
    });
  }

  jsapiTicket(): Promise<string> {
    return this.cached('ticket', false, async () => {
      const ask = async (token: string) => credential(await this.get('/cgi-bin/ticket/getticket', { access_token: token, type: 'jsapi' }), 'ticket');
      try {
        return await ask(await this.accessToken());
      } catch (err) {
        if (!(err instanceof WechatJsSdkError) || err.errcode === null || !STALE_TOKEN.has(err.errcode)) throw err;
        return ask(await this.accessToken(true));
      }
    });
  }

  /**
   * The cached value while it is fresh; otherwise one fetch shared by every concurrent caller.
   * A value past its refresh point but not yet expired is still answered if the refetch fails.
   */
  private async cached(kind: 'token' | 'ticket', force: boolean, fetchFresh: () => Promise<{ value: string; expiresIn: number }>): Promise<string> {
    const key = this.key(kind);
    const stored = force ? null : parseCached(await this.kv.get(key));
    if (stored && this.now() < stored.refreshAt) return stored.value;
    // A forced refresh must not join a fetch that started before the token was found stale.
    const flightKey = force ? `${kind}:force` : kind;
    let flight = this.inflight.get(flightKey);
    if (!flight) {
      flight = (async () => {
        try {
          const fresh = await fetchFresh();
          const lifetimeMs = Math.max(60, fresh.expiresIn) * 1000;
          const entry: Cached = { value: fresh.value, refreshAt: this.now() + Math.floor(lifetimeMs * this.refreshShare) };
          // WeChat's own expires_in bounds the entry, so an expired value is never answered.
          await this.kv.set(key, JSON.stringify(entry), lifetimeMs);
          return fresh.value;
        } finally {
          this.inflight.delete(flightKey);
        }
      })();
      this.inflight.set(flightKey, flight);
    }
    try {
      return await flight;
    } catch (err) {
      if (stored) return stored.value;
      throw err;
    }
  }

  private async get(path: string, params: Record<string, string>): Promise<Json> {
    const url = `${this.cfg.apiBase}${path}?${new URLSearchParams(params).toString()}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new WechatJsSdkError('timeout', `WeChat did not answer ${path} within ${this.timeoutMs} ms`);
      throw new WechatJsSdkError('network', `WeChat unreachable: ${(err as Error)?.message ?? String(err)}`);
    }
    return readWechatAnswer(res, path, (kind, message, errcode) => new WechatJsSdkError(kind, message, errcode));
  }
}

function credential(json: Json, field: 'access_token' | 'ticket'): { value: string; expiresIn: number } {
  const value = json[field];
  const expiresIn = json.expires_in;
  if (typeof value !== 'string' || value === '') throw new WechatJsSdkError('protocol', `answer without ${field}`);
  return { value, expiresIn: typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? expiresIn : 7200 };
}

function parseCached(raw: string | null): Cached | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Cached>;
    return typeof parsed.value === 'string' && typeof parsed.refreshAt === 'number' ? { value: parsed.value, refreshAt: parsed.refreshAt } : null;
  } catch {
    return null;
  }
}
