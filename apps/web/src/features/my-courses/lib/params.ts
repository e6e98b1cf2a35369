/** A positive integer id from the address, or null for anything else ("0", "-1", "abc", "1e3"). */
export function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}
