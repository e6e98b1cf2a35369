/** Display rules of the course page (spec §2, issue 3). */

import { COURSE_LEVEL_LABELS } from '@jinfa/shared/enums';

export function levelLabel(level: number): string {
  return COURSE_LEVEL_LABELS[level] ?? '';
}

/** The same duration text as the course cards: a null duration means 暂未更新. */
export { formatDuration as durationLabel } from '../../../components/course-card.tsx';

/** "12:05" for a chapter; '' when unknown. */
export function clockLabel(seconds: number | null | undefined): string {
  if (seconds == null) return '';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** 12345 → "1.2万". */
export function countLabel(count: number): string {
  if (count >= 10_000) return `${(count / 10_000).toFixed(1).replace(/\.0$/, '')}万`;
  return String(Math.max(0, count));
}

/** The lecturer's line under their name: company · department · position, skipping blanks. */
export function lecturerLine(parts: { company: string; department: string; position: string }): string {
  return [parts.company, parts.department, parts.position].map((p) => p.trim()).filter(Boolean).join(' · ');
}

/** `courseId` from the address (`courseId`, or the older `id`); null when absent or not a positive integer. */
export function parseId(...values: (string | null)[]): number | null {
  for (const value of values) {
    if (value && /^\d{1,15}$/.test(value)) {
      const id = Number(value);
      if (id > 0) return id;
    }
  }
  return null;
}
