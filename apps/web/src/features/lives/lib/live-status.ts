import { LivePageStatus } from '@jinfa/shared/enums';
import { dayLabel, formatDate, type DateInput } from '../../../lib/date.ts';

export type LiveTone = 'upcoming' | 'living' | 'ended' | 'replay';

export interface LiveBadge {
  label: string;
  tone: LiveTone;
}

/** The badge of a live by its page status (spec §4): 未开始, 直播中, 已结束, 可回放. */
export function liveBadge(status: number): LiveBadge {
  switch (status) {
    case LivePageStatus.LIVING:
      return { label: '直播中', tone: 'living' };
    case LivePageStatus.REPLAY:
      return { label: '可回放', tone: 'replay' };
    case LivePageStatus.ENDED:
    case LivePageStatus.SHUT_DOWN:
      return { label: '已结束', tone: 'ended' };
    default:
      return { label: '未开始', tone: 'upcoming' };
  }
}

/** When it starts: "今天 19:30", "明天 09:00", "3月5日 周四 14:00". */
export function startLabel(startAt: DateInput, now: DateInput): string {
  return `${dayLabel(startAt, now)} ${formatDate(startAt, 'HH:mm')}`;
}
