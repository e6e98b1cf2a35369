/**
 * Money and time as the console shows them: fen on the wire, yuan on screen; epoch milliseconds
 * on the wire, Beijing time on screen whatever the operator's machine is set to.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/zh-cn';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('zh-cn');

export const DISPLAY_TZ = 'Asia/Shanghai';

export { dayjs };

/** 1230 → '¥12.30'; -500 → '-¥5.00'. */
export function formatFen(fen: number | null | undefined): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '—';
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.round(fen));
  const yuan = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}¥${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1230 → 12.3 (for form fields in yuan). */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/** '12.3' or 12.3 → 1230; rounding to the fen avoids 0.1 + 0.2 style drift. */
export function yuanToFen(yuan: number | string): number {
  const n = typeof yuan === 'string' ? Number(yuan) : yuan;
  if (!Number.isFinite(n)) return Number.NaN;
  return Math.round(n * 100);
}

/** Epoch ms → '2026-11-26 09:54' in Beijing time. */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  return dayjs(ms).tz(DISPLAY_TZ).format('YYYY-MM-DD HH:mm');
}

/** Epoch ms → '2026-11-26' in Beijing time. */
export function formatDate(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  return dayjs(ms).tz(DISPLAY_TZ).format('YYYY-MM-DD');
}

/** 3900 → '1 小时 5 分'; 59 → '59 秒'. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return m > 0 ? `${h} 小时 ${m} 分` : `${h} 小时`;
  if (m > 0) return `${m} 分`;
  return `${s} 秒`;
}

/** Seconds → hours with one decimal (the dashboard's learning time). */
export function secondsToHours(seconds: number): number {
  return Math.round((seconds / 3600) * 10) / 10;
}

/** Start of a Beijing day (a date picker's value) as epoch ms, for `from` filters. */
export function startOfDayMs(date: string): number {
  return dayjs.tz(date, DISPLAY_TZ).startOf('day').valueOf();
}

/** End of a Beijing day as epoch ms (inclusive), for `to` filters. */
export function endOfDayMs(date: string): number {
  return dayjs.tz(date, DISPLAY_TZ).endOf('day').valueOf();
}
