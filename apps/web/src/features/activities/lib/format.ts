/** "23:05:09", or "2天 03:05:09" beyond a day; "00:00:00" once passed. */
export function formatLeft(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}天 ${hms}` : hms;
}

/** "24小时" / "2天" / "30分钟": how long a started group has to fill. */
export function formatWindow(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours >= 48 && Number.isInteger(hours / 24)) return `${hours / 24}天`;
  if (hours >= 1) return `${Math.round(hours)}小时`;
  return `${Math.max(1, Math.round(ms / 60_000))}分钟`;
}

/** A positive integer from a route or query value, else null. */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}
