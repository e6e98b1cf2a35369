/**
 * Configuration, parsed once from the environment (names in shared/CONTRACT.md and the README).
 * In production, insecure defaults (test login, sandbox pay, default secrets) are refused unless
 * ALLOW_INSECURE_DEFAULTS=on says a person meant it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WechatPayConfig } from './adapters/pay/wechat-pay.ts';
import type { S3Config } from './adapters/storage/s3-storage.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_ROOT = path.resolve(here, '..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

export const DEFAULT_TOKEN_SECRET = 'dev-only-secret-change-me-0123456789abcdef';
/** Development-only operator token for the tracking stats; never used in production. */
export const DEFAULT_OPS_TOKEN = 'dev-ops-token';

export interface Config {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  testLogin: boolean;
  payProvider: 'sandbox' | 'wechatpay';
  /** WeChat Pay v3 merchant settings (WECHATPAY_*); present exactly when PAY_PROVIDER=wechatpay. */
  wechatpay: WechatPayConfig | null;
  /** Secret for HMAC signatures (OAuth state, signed links). */
  tokenSecret: string;
  /** Public origin used to build absolute callback URLs, e.g. https://h5.jinfaketang.com */
  publicUrl: string | undefined;
  webDist: string;
  logLevel: string;
  /** Proxy addresses whose X-Forwarded-For is believed (Fastify trustProxy); default loopback only. */
  trustProxy: string;
  supportPhone: string;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  bodyLimit: number;
  rateLimit: { ipPerMinute: number; userPerMinute: number };
  sms: { provider: 'console'; perPhonePerHour: number; perIpPerHour: number; resendAfterSec: number };
  wechat: {
    appId: string;
    appSecret: string;
    /** Base of api.weixin.qq.com (tests point it at a local fake). */
    apiBase: string;
    /** Base of open.weixin.qq.com (authorize and QR connect pages). */
    openBase: string;
    /** App id of the website (open platform) app for desktop QR login. */
    openAppId: string;
    openAppSecret: string;
    /** JS-SDK ticket source: the real API, or a fixed local ticket for development (WECHAT_JSSDK). */
    jssdk: 'wechat' | 'local';
  };
  seedDemo: boolean;
  /**
   * Operator token for /v1/collect/stats (header X-Ops-Token). Null in production when OPS_TOKEN
   * is unset: the stats then refuse everyone rather than fall back to a known default.
   */
  opsToken: string | null;
  /** X-App-ID values the tracking routes accept (COLLECT_APP_IDS, comma-separated). */
  collectAppIds: string[];
  /** Media pipeline (decision 010): storage, ffmpeg, demo clips, upload size. */
  media: MediaConfig;
}

export interface MediaConfig {
  /** MEDIA_STORAGE: local files under DATA_DIR/media, or an S3-compatible bucket (S3_*). */
  storage: 'local' | 's3';
  s3: S3Config | null;
  /** FFMPEG_PATH (default `ffmpeg` on PATH); ffprobe is looked for beside it. */
  ffmpegPath: string;
  /** MEDIA_DEMO_CLIPS: generate demo lecture clips in the background at start when ffmpeg is present. */
  demoClips: boolean;
  /** MEDIA_UPLOAD_LIMIT: largest import upload in bytes. */
  uploadLimit: number;
}

/** Reads MEDIA_STORAGE and S3_*; every missing S3 setting is named at once. */
function mediaConfig(env: NodeJS.ProcessEnv): MediaConfig {
  const storage = env.MEDIA_STORAGE || 'local';
  if (storage !== 'local' && storage !== 's3') throw new ConfigError(`MEDIA_STORAGE must be "local" or "s3", got "${storage}"`);
  let s3: S3Config | null = null;
  if (storage === 's3') {
    const values = {
      S3_ENDPOINT: env.S3_ENDPOINT,
      S3_BUCKET: env.S3_BUCKET,
      S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
    };
    const missing = Object.entries(values).filter(([, v]) => !v).map(([k]) => k);
    if (missing.length) throw new ConfigError(`MEDIA_STORAGE=s3 needs ${missing.join(', ')}`);
    if (!/^https?:\/\//.test(values.S3_ENDPOINT!)) throw new ConfigError('S3_ENDPOINT must be an http(s) URL');
    s3 = {
      endpoint: values.S3_ENDPOINT!,
      bucket: values.S3_BUCKET!,
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: values.S3_ACCESS_KEY_ID!,
      secretAccessKey: values.S3_SECRET_ACCESS_KEY!,
    };
  }
  return {
    storage,
    s3,
    ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
    demoClips: flag(env.MEDIA_DEMO_CLIPS, true),
    uploadLimit: int(env.MEDIA_UPLOAD_LIMIT, 2 * 1024 * 1024 * 1024, 'MEDIA_UPLOAD_LIMIT'),
  };
}

export class ConfigError extends Error {}

function flag(v: string | undefined, dflt = false): boolean {
  if (v === undefined || v === '') return dflt;
  return ['1', 'on', 'true', 'yes'].includes(v.toLowerCase());
}

function int(v: string | undefined, dflt: number, name: string): number {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a non-negative integer, got "${v}"`);
  return n;
}

/** A PEM from VAR (inline, `\n` escapes allowed) or VAR_PATH (a file). */
function pem(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const inline = env[name];
  if (inline) return inline.replace(/\\n/g, '\n');
  const file = env[`${name}_PATH`];
  if (!file) return undefined;
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`${name}_PATH: cannot read ${file}: ${(err as Error).message}`);
  }
}

/** Reads WECHATPAY_*; every missing one is named at once. Keys are parsed when the client is built. */
function wechatPayConfig(env: NodeJS.ProcessEnv, appId: string): WechatPayConfig {
  const platform = pem(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY') ?? pem(env, 'WECHATPAY_PLATFORM_CERT');
  const values = {
    mchId: env.WECHATPAY_MCH_ID,
    serialNo: env.WECHATPAY_SERIAL_NO,
    privateKey: pem(env, 'WECHATPAY_PRIVATE_KEY'),
    apiV3Key: env.WECHATPAY_API_V3_KEY,
    platformPublicKey: platform,
    // The notify route sits next to the sandbox's (/v1/pay/notify/sandbox); WeChat wants https.
    notifyUrl: env.WECHATPAY_NOTIFY_URL || (env.PUBLIC_URL ? `${env.PUBLIC_URL.replace(/\/+$/, '')}/v1/pay/notify/wechatpay` : undefined),
  };
  const names: Record<keyof typeof values, string> = {
    mchId: 'WECHATPAY_MCH_ID',
    serialNo: 'WECHATPAY_SERIAL_NO',
    privateKey: 'WECHATPAY_PRIVATE_KEY(_PATH)',
    apiV3Key: 'WECHATPAY_API_V3_KEY',
    platformPublicKey: 'WECHATPAY_PLATFORM_PUBLIC_KEY(_PATH) or WECHATPAY_PLATFORM_CERT(_PATH)',
    notifyUrl: 'WECHATPAY_NOTIFY_URL (or PUBLIC_URL)',
  };
  const missing = (Object.keys(values) as (keyof typeof values)[]).filter((k) => !values[k]).map((k) => names[k]);
  if (missing.length) throw new ConfigError(`PAY_PROVIDER=wechatpay needs ${missing.join(', ')}`);
  if (Buffer.byteLength(values.apiV3Key!, 'utf8') !== 32) throw new ConfigError('WECHATPAY_API_V3_KEY must be 32 bytes');
  return {
    appId: env.WECHATPAY_APP_ID || appId,
    mchId: values.mchId!,
    serialNo: values.serialNo!,
    privateKey: values.privateKey!,
    apiV3Key: values.apiV3Key!,
    platformPublicKey: values.platformPublicKey!,
    platformSerial: env.WECHATPAY_PLATFORM_SERIAL || undefined,
    notifyUrl: values.notifyUrl!,
    apiBase: env.WECHATPAY_BASE || 'https://api.mch.weixin.qq.com',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV || 'development';
  const isProduction = nodeEnv === 'production';
  const payProvider = (env.PAY_PROVIDER || 'sandbox') as Config['payProvider'];
  if (payProvider !== 'sandbox' && payProvider !== 'wechatpay') {
    throw new ConfigError(`PAY_PROVIDER must be "sandbox" or "wechatpay", got "${String(payProvider)}"`);
  }
  const config: Config = {
    nodeEnv,
    isProduction,
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    testLogin: flag(env.TEST_LOGIN),
    payProvider,
    wechatpay: payProvider === 'wechatpay' ? wechatPayConfig(env, env.WECHAT_APP_ID || 'wx0000000000demo') : null,
    tokenSecret: env.TOKEN_SECRET || DEFAULT_TOKEN_SECRET,
    publicUrl: env.PUBLIC_URL || undefined,
    webDist: path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: env.TRUST_PROXY || 'loopback',
    supportPhone: env.SUPPORT_PHONE || '400-810-6688',
    accessTokenTtlSec: int(env.ACCESS_TOKEN_TTL, 2 * 60 * 60, 'ACCESS_TOKEN_TTL'),
    refreshTokenTtlSec: int(env.REFRESH_TOKEN_TTL, 30 * 24 * 60 * 60, 'REFRESH_TOKEN_TTL'),
    bodyLimit: int(env.BODY_LIMIT, 256 * 1024, 'BODY_LIMIT'),
    rateLimit: {
      ipPerMinute: int(env.RATE_LIMIT_IP_PER_MIN, 600, 'RATE_LIMIT_IP_PER_MIN'),
      userPerMinute: int(env.RATE_LIMIT_USER_PER_MIN, 300, 'RATE_LIMIT_USER_PER_MIN'),
    },
    sms: {
      provider: 'console',
      perPhonePerHour: int(env.SMS_PER_PHONE_PER_HOUR, 5, 'SMS_PER_PHONE_PER_HOUR'),
      perIpPerHour: int(env.SMS_PER_IP_PER_HOUR, 20, 'SMS_PER_IP_PER_HOUR'),
      resendAfterSec: 60,
    },
    wechat: {
      appId: env.WECHAT_APP_ID || 'wx0000000000demo',
      appSecret: env.WECHAT_APP_SECRET || 'demo-wechat-secret',
      apiBase: env.WECHAT_API_BASE || 'https://api.weixin.qq.com',
      openBase: env.WECHAT_OPEN_BASE || 'https://open.weixin.qq.com',
      openAppId: env.WECHAT_OPEN_APP_ID || env.WECHAT_APP_ID || 'wx0000000000demo',
      openAppSecret: env.WECHAT_OPEN_APP_SECRET || env.WECHAT_APP_SECRET || 'demo-wechat-secret',
      // Without a real app secret there is no ticket to fetch: default to the local one.
      jssdk: (env.WECHAT_JSSDK || (env.WECHAT_APP_SECRET ? 'wechat' : 'local')) === 'wechat' ? 'wechat' : 'local',
    },
    seedDemo: flag(env.SEED_DEMO, true),
    opsToken: env.OPS_TOKEN || (isProduction ? null : DEFAULT_OPS_TOKEN),
    collectAppIds: (env.COLLECT_APP_IDS || 'jinfa-h5').split(',').map((v) => v.trim()).filter(Boolean),
    media: mediaConfig(env),
  };

  if (isProduction && !flag(env.ALLOW_INSECURE_DEFAULTS)) {
    const problems: string[] = [];
    if (config.testLogin) problems.push('TEST_LOGIN=on');
    if (config.payProvider === 'sandbox') problems.push('PAY_PROVIDER=sandbox');
    if (config.tokenSecret === DEFAULT_TOKEN_SECRET) problems.push('TOKEN_SECRET is the default');
    if (config.wechat.appSecret === 'demo-wechat-secret') problems.push('WECHAT_APP_SECRET is the default');
    if (problems.length) {
      throw new ConfigError(
        `NODE_ENV=production refuses insecure defaults: ${problems.join(', ')}. Fix them, or set ALLOW_INSECURE_DEFAULTS=on to run a demo deliberately.`,
      );
    }
  }
  return config;
}

/** A configuration for tests: SQLite in memory unless overridden. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', TEST_LOGIN: 'on', LOG_LEVEL: 'silent' });
  return { ...base, ...overrides };
}
