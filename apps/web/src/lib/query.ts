/** Query helpers (spec §5: empty, undefined, null and NaN values are dropped before use). */

export type QueryValue = string | number | boolean | null | undefined;
export type QueryInput = Record<string, QueryValue>;

function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (typeof value === 'number' && Number.isNaN(value))
  );
}

/** A copy of `obj` without empty-string, undefined, null and NaN values. */
export function cleanQuery<T extends Record<string, unknown>>(obj: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(obj) as (keyof T)[]) {
    const value = obj[key];
    if (!isEmptyValue(value)) out[key] = value;
  }
  return out;
}

/** `?a=1&b=2` for the non-empty values of `query`, or '' when none is left. */
export function toQueryString(query: QueryInput | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(cleanQuery(query))) {
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function withQuery(path: string, query?: QueryInput): string {
  const qs = toQueryString(query);
  if (!qs) return path;
  return path.includes('?') ? `${path}&${qs.slice(1)}` : `${path}${qs}`;
}
