/**
 * Configuration, parsed once from the environment through ONE schema (`EnvSchema`, validated by
 * env-schema/Ajv; names in the README configuration table and shared/CONTRACT.md), then mapped to
 * the `Config` the app reads. Empty values count as unset.
 *
 * NODE_ENV=production, in any letter case, refuses insecure defaults (test login, sandbox pay,
 * console SMS, default or weak secrets, no PUBLIC_URL) unless ALLOW_INSECURE_DEFAULTS=on says a
 * person meant it (decision 018). PUBLIC_URL is required in production even then.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import envSchema from 'env-schema';
import { Type, type Static, type TSchema } from 'typebox';
import type { WechatPayConfig } from './adapters/pay/wechat-pay.ts';
import type { S3Config } from './adapters/storage/s3-storage.ts';
import { smsProviderConfig, type SmsProviderName, type TencentSmsConfig } from './adapters/sms/sms-config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_ROOT = path.resolve(here, '..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

export const DEFAULT_TOKEN_SECRET = 'dev-only-secret-change-me-0123456789abcdef';
/** Development-only operator token for the tracking stats; never used in production. */
export const DEFAULT_OPS_TOKEN = 'dev-ops-token';
const DEMO_WECHAT_APP_ID = 'wx0000000000demo';
const DEMO_WECHAT_SECRET = 'demo-wechat-secret';

export class ConfigError extends Error {}

/**
 * What `setting` (e.g. `MEDIA_STORAGE=s3`) needs: every one of `values` set, or one ConfigError
 * naming each missing variable at once (by its key, or by `names`).
 */
export function requireSettings<K extends string>(setting: string, values: Record<K, string | undefined>, names?: Record<K, string>): asserts values is Record<K, string> {
  const missing = (Object.keys(values) as K[]).filter((k) => !values[k]).map((k) => names?.[k] ?? k);
  if (missing.length) throw new ConfigError(`${setting} needs ${missing.join(', ')}`);
}

// ---------------------------------------------------------------------------------------------
// The environment schema: every variable the server reads, with its default and meaning.
// ---------------------------------------------------------------------------------------------

const FLAG_PATTERN = '^(1|0|on|off|true|false|yes|no)$';
const Flag = (dflt: 'on' | 'off', description: string) => Type.String({ pattern: FLAG_PATTERN, default: dflt, description: `${description} (on/off)` });
const OptFlag = (description: string) => Type.Optional(Type.String({ pattern: FLAG_PATTERN, description: `${description} (on/off)` }));
const Count = (dflt: number, description: string) => Type.Integer({ minimum: 0, default: dflt, description });
const Str = (description: string) => Type.Optional(Type.String({ description }));
const StrD = (dflt: string, description: string) => Type.String({ default: dflt, description });
const OneOf = <T extends string>(values: readonly T[], dflt: T, description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], default: dflt, description });
const Url = (description: string) => Type.Optional(Type.String({ pattern: '^https?://', description }));

export const EnvSchema = Type.Object({
  NODE_ENV: StrD('development', '`production` in any letter case refuses insecure defaults; `test` silences logs'),
  ALLOW_INSECURE_DEFAULTS: OptFlag('production only: run with the refused insecure defaults anyway, for a demo'),
  PORT: Count(3000, 'HTTP port'),
  HOST: StrD('0.0.0.0', 'bind address'),
  DATA_DIR: Str('SQLite file, uploaded and transcoded media, generated keys (default ./data)'),
  DATABASE_URL: Str('postgres://… switches to PostgreSQL; unset: SQLite in DATA_DIR'),
  REDIS_URL: Str('Redis for rate limits, caches and cross-instance leases; unset: in-process'),
  TEST_LOGIN: Flag('off', 'the spec\'s test-login mode (preset users, GET /v1/wechat/token2)'),
  PAY_PROVIDER: OneOf(['sandbox', 'wechatpay'] as const, 'sandbox', '`sandbox` simulates the pay bridge; `wechatpay` uses WeChat Pay v3'),
  WECHATPAY_MCH_ID: Str('merchant id (PAY_PROVIDER=wechatpay)'),
  WECHATPAY_SERIAL_NO: Str('serial of the merchant API certificate'),
  WECHATPAY_PRIVATE_KEY: Str('merchant API private key, PEM inline (\\n escapes allowed)'),
  WECHATPAY_PRIVATE_KEY_PATH: Str('merchant API private key, PEM file'),
  WECHATPAY_API_V3_KEY: Str('the 32-byte API v3 key that decrypts notifications'),
  WECHATPAY_PLATFORM_PUBLIC_KEY: Str('WeChat Pay public key, PEM inline'),
  WECHATPAY_PLATFORM_PUBLIC_KEY_PATH: Str('WeChat Pay public key, PEM file'),
  WECHATPAY_PLATFORM_CERT: Str('WeChat Pay platform certificate, PEM inline'),
  WECHATPAY_PLATFORM_CERT_PATH: Str('WeChat Pay platform certificate, PEM file'),
  WECHATPAY_PLATFORM_SERIAL: Str('the only Wechatpay-Serial accepted, when set'),
  WECHATPAY_NOTIFY_URL: Url('payment notification URL; default ${PUBLIC_URL}/v1/pay/notify/wechatpay'),
  WECHATPAY_APP_ID: Str('app id of the JSAPI payer\'s openid; default WECHAT_APP_ID'),
  WECHATPAY_APP_ID_MISMATCH_OK: OptFlag('start although WECHATPAY_APP_ID differs from WECHAT_APP_ID (openids then belong to another app)'),
  WECHATPAY_BASE: StrD('https://api.mch.weixin.qq.com', 'WeChat Pay API base (tests point it at a local fake)'),
  TOKEN_SECRET: Str('HMAC secret for OAuth state, signed links and code hashes; production: ≥ 32 random bytes'),
  PUBLIC_URL: Url('public origin of every link and signature the server builds; required in production'),
  WECHAT_APP_ID: Str('official account app id for web OAuth and the JS-SDK'),
  WECHAT_APP_SECRET: Str('official account app secret'),
  WECHAT_OPEN_APP_ID: Str('open-platform website app id for desktop QR login; default WECHAT_APP_ID'),
  WECHAT_OPEN_APP_SECRET: Str('open-platform website app secret; default WECHAT_APP_SECRET'),
  WECHAT_API_BASE: StrD('https://api.weixin.qq.com', 'base of api.weixin.qq.com (tests point it at a local fake)'),
  WECHAT_OPEN_BASE: StrD('https://open.weixin.qq.com', 'base of open.weixin.qq.com'),
  WECHAT_JSSDK: Type.Optional(Type.Unsafe<'wechat' | 'local'>({ type: 'string', enum: ['wechat', 'local'], description: 'JS-SDK ticket: `wechat` (real) or `local`; default `wechat` when WECHAT_APP_SECRET is set' })),
  SUPPORT_PHONE: StrD('400-810-6688', 'support phone shown in error popups'),
  LOG_LEVEL: Str('pino level; default `info` (`silent` under NODE_ENV=test)'),
  SEED_DEMO: Flag('on', 'seed the demo catalogue into an empty database'),
  ACCESS_TOKEN_TTL: Count(2 * 60 * 60, 'access token lifetime in seconds'),
  REFRESH_TOKEN_TTL: Count(30 * 24 * 60 * 60, 'refresh token lifetime in seconds'),
  RATE_LIMIT_IP_PER_MIN: Count(600, 'per-IP /v1 requests per minute on each route (0 disables every per-IP and per-client limit and quota)'),
  RATE_LIMIT_USER_PER_MIN: Count(300, 'per-user /v1 requests per minute on each route (0 disables)'),
  AUTH_CACHE_MS: Type.Optional(Type.Integer({ minimum: 0, maximum: 2000, description: 'how long a token\'s session and user are reused without a lookup (ms, at most 2000; default 1000, 0 under NODE_ENV=test; decision 022)' })),
  SMS_PROVIDER: OneOf(['console', 'tencent'] as const, 'console', '`console` logs codes (refused in production); `tencent` sends through Tencent Cloud SMS'),
  TENCENT_SMS_SECRET_ID: Str('Tencent Cloud API SecretId (SMS_PROVIDER=tencent)'),
  TENCENT_SMS_SECRET_KEY: Str('Tencent Cloud API SecretKey'),
  TENCENT_SMS_SDK_APP_ID: Str('SmsSdkAppId'),
  TENCENT_SMS_SIGN_NAME: Str('approved SMS signature'),
  TENCENT_SMS_TEMPLATE_ID: Str('approved template id ({1} code, {2} minutes)'),
  TENCENT_SMS_REGION: Str('Tencent Cloud region; default ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: Url('Tencent Cloud SMS API base; default https://sms.tencentcloudapi.com'),
  SMS_PER_PHONE_PER_HOUR: Count(5, 'SMS sends per phone per hour'),
  SMS_PER_IP_PER_HOUR: Count(20, 'SMS sends per client IP per hour'),
  BODY_LIMIT: Count(256 * 1024, 'largest request body in bytes'),
  OPS_TOKEN: Str('operator token for /v1/collect/stats/* (X-Ops-Token); production: ≥ 32 random bytes when set'),
  COLLECT_APP_IDS: StrD('jinfa-h5', 'X-App-ID values the tracking uploads accept (comma-separated)'),
  TRUST_PROXY: StrD('loopback', 'proxies whose X-Forwarded-* headers are believed (addresses or subnets, comma-separated)'),
  MEDIA_STORAGE: OneOf(['local', 's3'] as const, 'local', 'transcoded media in DATA_DIR/media or an S3-compatible bucket'),
  S3_ENDPOINT: Url('S3 base URL (MEDIA_STORAGE=s3)'),
  S3_BUCKET: Str('S3 bucket'),
  S3_ACCESS_KEY_ID: Str('S3 access key id'),
  S3_SECRET_ACCESS_KEY: Str('S3 secret access key'),
  S3_REGION: StrD('us-east-1', 'region the S3 signatures are scoped to'),
  FFMPEG_PATH: StrD('ffmpeg', 'ffmpeg for transcoding (ffprobe beside it)'),
  MEDIA_DEMO_CLIPS: Flag('on', 'generate demo lecture clips in the background after start'),
  WEB_DIST: Str('the built H5 app the server hosts (default apps/web/dist)'),
  ADMIN_DIST: Str('the built operator console the server hosts at /admin (default apps/admin/dist)'),
  MEDIA_UPLOAD_LIMIT: Count(2 * 1024 * 1024 * 1024, 'largest media import upload in bytes'),
  HEALTH_MIN_FREE_MB: Count(64, '/healthz answers 503 when DATA_DIR\'s disk has less free space than this (MiB)'),
});
export type Env = Static<typeof EnvSchema>;

function flagOn(v: string | undefined): boolean {
  return v !== undefined && ['1', 'on', 'true', 'yes'].includes(v);
}

let validatedSchema: object | undefined;

/**
 * Validates the environment against EnvSchema: empty values are unset, flags are read in any
 * letter case, numbers are coerced, defaults filled, and every bad variable is named at once.
 */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const props = EnvSchema.properties as Record<string, TSchema & { pattern?: string }>;
  const data: Record<string, string> = {};
  for (const name of Object.keys(props)) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    data[name] = props[name]!.pattern === FLAG_PATTERN ? value.toLowerCase() : value;
  }
  try {
    // One copy for env-schema (it sets additionalProperties on the object it is given); the same
    // object every time lets Ajv reuse the compiled validator (~1 ms instead of ~50 ms a call).
    validatedSchema ??= structuredClone(EnvSchema) as object;
    return envSchema<Env>({ schema: validatedSchema, data, env: false, dotenv: false });
  } catch (err) {
    const errors = (err as { errors?: { instancePath: string; message?: string; params?: { allowedValues?: unknown[] } }[] }).errors;
    if (!errors) throw new ConfigError((err as Error).message);
    const seen = new Set<string>();
    const lines: string[] = [];
    for (const e of errors) {
      const name = e.instancePath.replace(/^\//, '');
      if (seen.has(name)) continue;
      seen.add(name);
      const allowed = e.params?.allowedValues ? ` (${e.params.allowedValues.join(', ')})` : '';
      lines.push(`${name} ${e.message ?? 'is invalid'}${allowed}, got "${data[name] ?? ''}"`);
    }
    throw new ConfigError(`Invalid environment: ${lines.join('; ')}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Rules that span several variables.
// ---------------------------------------------------------------------------------------------

/** Bits by a per-character Shannon estimate: length × entropy of the character frequencies. */
export function estimatedEntropyBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const n = [...secret].length;
  let perChar = 0;
  for (const c of counts.values()) perChar -= (c / n) * Math.log2(c / n);
  return perChar * n;
}

/**
 * Our own secrets in production (decision 018): at least 32 bytes and at least 128 bits by the
 * estimate above — what `openssl rand -hex 32` or `openssl rand -base64 32` gives; refuses
 * `x` × 40, `secret`, and short values. Returns the reason, or null when strong enough.
 */
export function weakSecretReason(secret: string): string | null {
  if (Buffer.byteLength(secret, 'utf8') < 32) return 'shorter than 32 bytes';
  if (estimatedEntropyBits(secret) < 128) return 'too predictable (use openssl rand -hex 32)';
  return null;
}

/**
 * Secrets WeChat issues are 32 hex characters (128 bits) and not ours to lengthen: in production
 * they only must not be the demo value nor an obviously fake one.
 */
function weakIssuedSecretReason(secret: string): string | null {
  if (secret === DEMO_WECHAT_SECRET) return 'the demo value';
  if (secret.length < 32 || new Set(secret).size < 8) return 'not a real app secret (32 characters from WeChat)';
  return null;
}

/** PUBLIC_URL as an origin; anything beyond scheme, host and port is a mistake worth refusing. */
function publicOriginOf(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an origin like https://h5.example.com, got "${raw}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new ConfigError(`PUBLIC_URL must be an origin like https://h5.example.com (no path, query or credentials), got "${raw}"`);
  }
  return url.origin;
}

export interface Config {
  /** NODE_ENV, lower-cased (`Production` and `production` are the same). */
  nodeEnv: string;
  isProduction: boolean;
  /** ALLOW_INSECURE_DEFAULTS=on: production runs with the refused defaults anyway (a demo). */
  allowInsecureDefaults: boolean;
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
  /**
   * PUBLIC_URL as an origin (`https://h5.example.com`, no trailing slash): every link and signature
   * the server builds uses it (lib/public-origin.ts). Required in production; unset in development
   * means the request's own origin.
   */
  publicUrl: string | undefined;
  webDist: string;
  /** The built operator console (apps/admin/dist), served at /admin. */
  adminDist: string;
  logLevel: string;
  /** Proxy addresses whose X-Forwarded-For is believed (Fastify trustProxy); default loopback only. */
  trustProxy: string;
  supportPhone: string;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  bodyLimit: number;
  rateLimit: { ipPerMinute: number; userPerMinute: number };
  /** Token → session and user reuse in this process (plugins/auth.ts); 0 looks every request up. */
  authCacheMs?: number;
  sms: {
    provider: SmsProviderName;
    /** TENCENT_SMS_* settings; present exactly when SMS_PROVIDER=tencent. */
    tencent: TencentSmsConfig | null;
    perPhonePerHour: number;
    perIpPerHour: number;
    resendAfterSec: number;
  };
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
  /** HEALTH_MIN_FREE_MB in bytes: below it /healthz reports the disk as full (decision 020). */
  healthMinFreeBytes: number;
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
function mediaConfig(env: Env): MediaConfig {
  const storage = env.MEDIA_STORAGE;
  let s3: S3Config | null = null;
  if (storage === 's3') {
    const values = {
      S3_ENDPOINT: env.S3_ENDPOINT,
      S3_BUCKET: env.S3_BUCKET,
      S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
    };
    requireSettings('MEDIA_STORAGE=s3', values);
    s3 = {
      endpoint: values.S3_ENDPOINT,
      bucket: values.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: values.S3_ACCESS_KEY_ID,
      secretAccessKey: values.S3_SECRET_ACCESS_KEY,
    };
  }
  return {
    storage,
    s3,
    ffmpegPath: env.FFMPEG_PATH,
    demoClips: flagOn(env.MEDIA_DEMO_CLIPS),
    uploadLimit: env.MEDIA_UPLOAD_LIMIT,
  };
}

type PemName = 'WECHATPAY_PRIVATE_KEY' | 'WECHATPAY_PLATFORM_PUBLIC_KEY' | 'WECHATPAY_PLATFORM_CERT';

/** A PEM from VAR (inline, `\n` escapes allowed) or VAR_PATH (a file). */
function pem(env: Env, name: PemName): string | undefined {
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
function wechatPayConfig(env: Env, appId: string, publicUrl: string | undefined): WechatPayConfig {
  const platform = pem(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY') ?? pem(env, 'WECHATPAY_PLATFORM_CERT');
  const values = {
    mchId: env.WECHATPAY_MCH_ID,
    serialNo: env.WECHATPAY_SERIAL_NO,
    privateKey: pem(env, 'WECHATPAY_PRIVATE_KEY'),
    apiV3Key: env.WECHATPAY_API_V3_KEY,
    platformPublicKey: platform,
    // The notify route sits next to the sandbox's (/v1/pay/notify/sandbox); WeChat wants https.
    notifyUrl: env.WECHATPAY_NOTIFY_URL || (publicUrl ? `${publicUrl}/v1/pay/notify/wechatpay` : undefined),
  };
  const names: Record<keyof typeof values, string> = {
    mchId: 'WECHATPAY_MCH_ID',
    serialNo: 'WECHATPAY_SERIAL_NO',
    privateKey: 'WECHATPAY_PRIVATE_KEY(_PATH)',
    apiV3Key: 'WECHATPAY_API_V3_KEY',
    platformPublicKey: 'WECHATPAY_PLATFORM_PUBLIC_KEY(_PATH) or WECHATPAY_PLATFORM_CERT(_PATH)',
    notifyUrl: 'WECHATPAY_NOTIFY_URL (or PUBLIC_URL)',
  };
  requireSettings('PAY_PROVIDER=wechatpay', values, names);
  if (Buffer.byteLength(values.apiV3Key, 'utf8') !== 32) throw new ConfigError('WECHATPAY_API_V3_KEY must be 32 bytes');
  // An openid belongs to one app id: paying with another app's id fails for every JSAPI payer.
  const payAppId = env.WECHATPAY_APP_ID || appId;
  if (payAppId !== appId && !flagOn(env.WECHATPAY_APP_ID_MISMATCH_OK)) {
    throw new ConfigError(
      `WECHATPAY_APP_ID (${payAppId}) differs from WECHAT_APP_ID (${appId}): the openids our OAuth gets belong to ${appId} and cannot pay under ${payAppId}. ` +
        'Use the same app id, or set WECHATPAY_APP_ID_MISMATCH_OK=on if the merchant is bound to both on purpose.',
    );
  }
  return {
    appId: payAppId,
    mchId: values.mchId,
    serialNo: values.serialNo,
    privateKey: values.privateKey,
    apiV3Key: values.apiV3Key,
    platformPublicKey: values.platformPublicKey,
    platformSerial: env.WECHATPAY_PLATFORM_SERIAL || undefined,
    notifyUrl: values.notifyUrl,
    apiBase: env.WECHATPAY_BASE,
  };
}

export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(rawEnv);
  const nodeEnv = env.NODE_ENV.toLowerCase();
  const isProduction = nodeEnv === 'production';
  const allowInsecureDefaults = isProduction && flagOn(env.ALLOW_INSECURE_DEFAULTS);
  const publicUrl = publicOriginOf(env.PUBLIC_URL);
  // Links and signatures must not follow whatever Host a request names: no exception here.
  if (isProduction && !publicUrl) {
    throw new ConfigError('NODE_ENV=production needs PUBLIC_URL, the public origin of every link the server builds (e.g. https://h5.example.com)');
  }
  const appId = env.WECHAT_APP_ID || DEMO_WECHAT_APP_ID;
  const appSecret = env.WECHAT_APP_SECRET || DEMO_WECHAT_SECRET;
  // Validated strings only (TENCENT_SMS_* are in the schema); empty values already dropped.
  const sms = smsProviderConfig(Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string')) as Record<string, string>);
  const config: Config = {
    nodeEnv,
    isProduction,
    allowInsecureDefaults,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data')),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    testLogin: flagOn(env.TEST_LOGIN),
    payProvider: env.PAY_PROVIDER,
    wechatpay: env.PAY_PROVIDER === 'wechatpay' ? wechatPayConfig(env, appId, publicUrl) : null,
    tokenSecret: env.TOKEN_SECRET || DEFAULT_TOKEN_SECRET,
    publicUrl,
    webDist: path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'apps/web/dist')),
    adminDist: path.resolve(env.ADMIN_DIST || path.join(REPO_ROOT, 'apps/admin/dist')),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: env.TRUST_PROXY,
    supportPhone: env.SUPPORT_PHONE,
    accessTokenTtlSec: env.ACCESS_TOKEN_TTL,
    refreshTokenTtlSec: env.REFRESH_TOKEN_TTL,
    bodyLimit: env.BODY_LIMIT,
    authCacheMs: env.AUTH_CACHE_MS ?? (nodeEnv === 'test' ? 0 : 1000),
    rateLimit: {
      ipPerMinute: env.RATE_LIMIT_IP_PER_MIN,
      userPerMinute: env.RATE_LIMIT_USER_PER_MIN,
    },
    sms: {
      provider: sms.provider,
      tencent: sms.tencent,
      perPhonePerHour: env.SMS_PER_PHONE_PER_HOUR,
      perIpPerHour: env.SMS_PER_IP_PER_HOUR,
      resendAfterSec: 60,
    },
    wechat: {
      appId,
      appSecret,
      apiBase: env.WECHAT_API_BASE,
      openBase: env.WECHAT_OPEN_BASE,
      openAppId: env.WECHAT_OPEN_APP_ID || appId,
      openAppSecret: env.WECHAT_OPEN_APP_SECRET || appSecret,
      // Without a real app secret there is no ticket to fetch: default to the local one.
      jssdk: env.WECHAT_JSSDK ?? (env.WECHAT_APP_SECRET ? 'wechat' : 'local'),
    },
    seedDemo: flagOn(env.SEED_DEMO),
    opsToken: env.OPS_TOKEN || (isProduction ? null : DEFAULT_OPS_TOKEN),
    healthMinFreeBytes: env.HEALTH_MIN_FREE_MB * 1024 * 1024,
    collectAppIds: env.COLLECT_APP_IDS.split(',').map((v) => v.trim()).filter(Boolean),
    media: mediaConfig(env),
  };

  if (isProduction) {
    if (!allowInsecureDefaults) {
      const problems: string[] = [];
      if (config.testLogin) problems.push('TEST_LOGIN=on');
      if (config.payProvider === 'sandbox') problems.push('PAY_PROVIDER=sandbox');
      if (config.sms.provider === 'console') problems.push('SMS_PROVIDER=console');
      if (!env.TOKEN_SECRET || env.TOKEN_SECRET === DEFAULT_TOKEN_SECRET) problems.push('TOKEN_SECRET is unset or the default');
      else {
        const weak = weakSecretReason(env.TOKEN_SECRET);
        if (weak) problems.push(`TOKEN_SECRET is ${weak}`);
      }
      if (env.OPS_TOKEN) {
        const weak = env.OPS_TOKEN === DEFAULT_OPS_TOKEN ? 'the default' : weakSecretReason(env.OPS_TOKEN);
        if (weak) problems.push(`OPS_TOKEN is ${weak}`);
      }
      // The merchant picks its API v3 key (32 characters); a repeated character is no key at all.
      if (config.wechatpay && new Set(config.wechatpay.apiV3Key).size < 8) problems.push('WECHATPAY_API_V3_KEY is too predictable');
      const wechatWeak = weakIssuedSecretReason(appSecret);
      if (wechatWeak) problems.push(`WECHAT_APP_SECRET is ${wechatWeak}`);
      if (env.WECHAT_OPEN_APP_SECRET) {
        const openWeak = weakIssuedSecretReason(env.WECHAT_OPEN_APP_SECRET);
        if (openWeak) problems.push(`WECHAT_OPEN_APP_SECRET is ${openWeak}`);
      }
      if (problems.length) {
        throw new ConfigError(
          `NODE_ENV=production refuses insecure defaults: ${problems.join(', ')}. Fix them, or set ALLOW_INSECURE_DEFAULTS=on to run a demo deliberately.`,
        );
      }
    }
  }
  return config;
}

/** A configuration for tests: SQLite in memory unless overridden. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', TEST_LOGIN: 'on', LOG_LEVEL: 'silent' });
  return { ...base, ...overrides };
}
