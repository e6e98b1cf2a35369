/**
 * The one definition of every number a client may send (issue 11 §3). Every numeric field of a
 * request schema — path, query or body — is built here: an integer with both bounds and the
 * `x-finite` marker. The marker is a validation keyword the server registers with Ajv
 * (apps/server/src/plugins/finite-numbers.ts) because Ajv's own bounds skip non-finite values:
 * a query string `?id=Infinity` or `1e400` is coerced to Infinity and then passes
 * `minimum`/`maximum`. A test walks /openapi.json and fails on a request number without it.
 */
import { Type, type TInteger, type TNumber, type TUnsafe } from 'typebox';

/** The keyword that refuses Infinity/-Infinity after Ajv's string-to-number coercion. */
export const FINITE_KEYWORD = 'x-finite';

/**
 * The largest id a table can hold: ids are 32-bit `integer` columns, and PostgreSQL fails a
 * comparison with a bigger value ("out of range for type integer") instead of finding nothing.
 */
export const MAX_ID = 2_147_483_647;
/** A 32-bit signed column (counts, sort keys, small codes) — the widest plain `integer` both databases hold. */
export const MAX_INT32 = 2_147_483_647;
/** The largest page a list answers; bigger requests are refused rather than silently clipped. */
export const MAX_PAGE_SIZE = 100;
/** The deepest page a list answers (offset = pageIndex × pageSize stays far below 2^31). */
export const MAX_PAGE_NO = 10_000;
/** Fen: ten million yuan, far above any price, refund or payout here. */
export const MAX_MONEY_FEN = 1_000_000_000;
/** Media seconds: 48 hours, longer than any course or live recording. */
export const MAX_SECONDS = 172_800;
/** Epoch milliseconds up to 2100-01-01. */
export const MAX_TIMESTAMP_MS = 4_102_444_800_000;

export interface IntOptions {
  minimum: number;
  maximum: number;
  default?: number;
  description?: string;
  examples?: number[];
}

/** A bounded, finite integer: the building block of every numeric request field. */
export function Int(opts: IntOptions): TInteger {
  if (!(Number.isSafeInteger(opts.minimum) && Number.isSafeInteger(opts.maximum) && opts.minimum <= opts.maximum)) {
    throw new Error(`Int bounds must be safe integers with minimum <= maximum (got ${opts.minimum}..${opts.maximum})`);
  }
  return Type.Integer({ ...opts, [FINITE_KEYWORD]: true });
}

/**
 * A bounded, finite number that may carry a fraction (a media position of 12.34 s). Only where a
 * fraction is meaningful; everything else is an `Int`.
 */
export function Decimal(opts: IntOptions): TNumber {
  if (!(Number.isFinite(opts.minimum) && Number.isFinite(opts.maximum) && opts.minimum <= opts.maximum)) {
    throw new Error(`Decimal bounds must be finite with minimum <= maximum (got ${opts.minimum}..${opts.maximum})`);
  }
  return Type.Number({ ...opts, [FINITE_KEYWORD]: true });
}

/**
 * An `Int` that also takes null ("none"), as ONE multi-type schema. A `Union([Int, Null])` is wrong
 * here: Ajv's type coercion tries the integer branch first and turns `null` into 0 (a member price
 * of null — none — became 0, free for members).
 */
export function OrNull(schema: TInteger): TUnsafe<number | null> {
  return Type.Unsafe<number | null>({ ...schema, type: ['integer', 'null'] });
}

type Extra = Omit<IntOptions, 'minimum' | 'maximum'>;

/** A row id: 1..MAX_ID. */
export const Id = (extra: Extra = {}) => Int({ minimum: 1, maximum: MAX_ID, ...extra });
/** 1-based page number. */
export const PageNo = (extra: Extra = {}) => Int({ minimum: 1, maximum: MAX_PAGE_NO, ...extra });
/** Rows per page, capped at `max` (never above MAX_PAGE_SIZE). */
export const PageSize = (extra: Extra & { max?: number } = {}) => {
  const { max = MAX_PAGE_SIZE, ...rest } = extra;
  return Int({ minimum: 1, maximum: Math.min(max, MAX_PAGE_SIZE), ...rest });
};
/** Money in fen, never negative. */
export const Money = (extra: Extra = {}) => Int({ minimum: 0, maximum: MAX_MONEY_FEN, ...extra });
/** A duration or position in whole seconds. */
export const Seconds = (extra: Extra = {}) => Int({ minimum: 0, maximum: MAX_SECONDS, ...extra });
/** Epoch milliseconds. */
export const Timestamp = (extra: Extra = {}) => Int({ minimum: 0, maximum: MAX_TIMESTAMP_MS, ...extra });
/** A small code or count (types, flags, years): bounds given by the caller. */
export const Code = (minimum: number, maximum: number, extra: Extra = {}) => Int({ minimum, maximum, ...extra });
