import dayjs, { type Dayjs } from 'dayjs';
import './dayjs.ts';

/**
 * Date display (spec §9): Simplified Chinese, weeks start on Monday. Every helper takes `now`
 * so callers (and tests) decide what "now" is.
 */

export type DateInput = string | number | Date | Dayjs;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

/**
 * '刚刚' under 1 minute, 'N分钟前' under an hour, 'N小时前' under 24 hours, 'N天前' up to
 * 7 days, otherwise the date as YYYY-MM-DD. Future instants (clock skew) count as '刚刚'.
 */
export function relativeTime(date: DateInput, now: DateInput): string {
  const then = dayjs(date);
  const diff = dayjs(now).valueOf() - then.valueOf();
  if (diff < MINUTE) return '刚刚';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}分钟前`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`;
  const days = Math.floor(diff / DAY);
  if (days <= 7) return `${days}天前`;
  return then.format('YYYY-MM-DD');
}

/** Monday 00:00 of the week containing `date`. */
export function startOfWeek(date: DateInput): Dayjs {
  const d = dayjs(date).startOf('day');
  return d.subtract((d.day() + 6) % 7, 'day');
}

/** '今天', '明天', '后天', else 'M月D日 周X' (calendar days in local time). */
export function dayLabel(date: DateInput, now: DateInput): string {
  const target = dayjs(date).startOf('day');
  const today = dayjs(now).startOf('day');
  const offset = Math.round(target.diff(today, 'day', true));
  if (offset === 0) return '今天';
  if (offset === 1) return '明天';
  if (offset === 2) return '后天';
  return `${target.format('M月D日')} ${WEEKDAYS[target.day()]}`;
}

/** YYYY-MM-DD, or '' for an empty value. */
export function formatDate(date: DateInput | null | undefined, pattern = 'YYYY-MM-DD'): string {
  if (date == null || date === '') return '';
  const d = dayjs(date);
  return d.isValid() ? d.format(pattern) : '';
}
