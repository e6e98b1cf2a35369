/**
 * The course editor's form values and their conversion to and from the API: prices in yuan with
 * two decimals on screen, integer fen on the wire (docs/console.md); times as dayjs in Beijing
 * time on screen, epoch ms on the wire. Pure functions, so the conversions are tested alone.
 */
import type { Dayjs } from 'dayjs';
import type { AdminCourseCreate, AdminCourseDetail, AdminCoursePatch } from '@jinfa/shared';
import { DISPLAY_TZ, dayjs, fenToYuan, yuanToFen } from '../../../lib/format';

/** The server's ceiling (MAX_MONEY_FEN in packages/shared numbers.ts): 1,000,000,000 fen. */
export const MAX_PRICE_YUAN = 10_000_000;

export interface CourseFormValues {
  title: string;
  subtitle: string;
  cover: string;
  lecturerId: number | undefined;
  subjectId: number | undefined;
  level: number;
  courseType: number;
  mediaType: number;
  tagIds: number[];
  /** Yuan. */
  price: number | null;
  vipPrice: number | null;
  originalPrice: number | null;
  birdPrice: number | null;
  activityType: number;
  /** Enrolment (and early-bird) window; either side may be open. */
  enrollWindow: [Dayjs | null, Dayjs | null] | null;
  memberFree: boolean;
  appOnly: boolean;
  needsVerifiedProfile: boolean;
  homeListType: number | null;
  sort: number;
  publishedAt: Dayjs | null;
  description: string;
}

export const LEVEL_OPTIONS = [
  { value: 1, label: '初级' },
  { value: 2, label: '中级' },
  { value: 3, label: '高级' },
];
export const COURSE_TYPE_OPTIONS = [
  { value: 1, label: '单课程' },
  { value: 2, label: '系列课（按章节）' },
];
export const MEDIA_TYPE_OPTIONS = [
  { value: 1, label: '视频' },
  { value: 2, label: '音频' },
];
export const ACTIVITY_OPTIONS = [
  { value: 0, label: '无活动' },
  { value: 1, label: '返现' },
  { value: 2, label: '早鸟价' },
  { value: 3, label: '拼团' },
];
export const HOME_LIST_OPTIONS = [
  { value: 1, label: '首页专区 1' },
  { value: 2, label: '首页专区 2' },
  { value: 3, label: '首页专区 3' },
  { value: 4, label: '首页专区 4' },
];
export const EARLY_BIRD = 2;

/**
 * Why a yuan amount is refused, or null when it is fine: a number, not negative, at most two
 * decimals, not above the server's ceiling.
 */
export function priceProblem(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '请输入数字金额';
  if (n < 0) return '价格不能为负数';
  if (n > MAX_PRICE_YUAN) return '价格不能超过 10,000,000 元';
  if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) return '价格最多保留两位小数';
  return null;
}

function yuan(fen: number | null | undefined): number | null {
  return fen === null || fen === undefined ? null : fenToYuan(fen);
}

function fen(yuanValue: number | null | undefined): number | null {
  return yuanValue === null || yuanValue === undefined ? null : yuanToFen(yuanValue);
}

function time(ms: number | null | undefined): Dayjs | null {
  return ms === null || ms === undefined ? null : dayjs(ms).tz(DISPLAY_TZ);
}

/** A new course's starting values; a lecturer's own id is filled in for them. */
export function emptyCourseValues(lecturerId?: number | null): CourseFormValues {
  return {
    title: '',
    subtitle: '',
    cover: '',
    lecturerId: lecturerId ?? undefined,
    subjectId: undefined,
    level: 1,
    courseType: 1,
    mediaType: 1,
    tagIds: [],
    price: 0,
    vipPrice: null,
    originalPrice: 0,
    birdPrice: null,
    activityType: 0,
    enrollWindow: null,
    memberFree: false,
    appOnly: false,
    needsVerifiedProfile: false,
    homeListType: null,
    sort: 0,
    publishedAt: null,
    description: '',
  };
}

export function toFormValues(course: AdminCourseDetail): CourseFormValues {
  const start = time(course.enrollStartAt);
  const end = time(course.enrollEndAt);
  return {
    title: course.title,
    subtitle: course.subtitle,
    cover: course.cover,
    lecturerId: course.lecturerId,
    subjectId: course.subjectId,
    level: course.level,
    courseType: course.courseType,
    mediaType: course.mediaType,
    tagIds: [...course.tagIds],
    price: yuan(course.price),
    vipPrice: yuan(course.vipPrice),
    originalPrice: yuan(course.originalPrice),
    birdPrice: yuan(course.birdPrice),
    activityType: course.activityType,
    enrollWindow: start || end ? [start, end] : null,
    memberFree: course.memberFree,
    appOnly: course.appOnly,
    needsVerifiedProfile: course.needsVerifiedProfile,
    homeListType: course.homeListType,
    sort: course.sort,
    publishedAt: time(course.publishedAt),
    description: course.description,
  };
}

/** Every editable field as the API wants it (fen, epoch ms, nulls for "none"). */
export function toCoursePayload(values: CourseFormValues): AdminCourseCreate {
  const [start, end] = values.enrollWindow ?? [null, null];
  const payload: AdminCourseCreate = {
    title: values.title.trim(),
    subtitle: (values.subtitle ?? '').trim(),
    cover: (values.cover ?? '').trim(),
    lecturerId: values.lecturerId ?? 0,
    subjectId: values.subjectId ?? 0,
    level: values.level,
    courseType: values.courseType,
    mediaType: values.mediaType,
    tagIds: [...new Set(values.tagIds ?? [])],
    price: fen(values.price) ?? 0,
    vipPrice: fen(values.vipPrice),
    originalPrice: fen(values.originalPrice) ?? 0,
    birdPrice: fen(values.birdPrice),
    activityType: values.activityType,
    enrollStartAt: start ? start.valueOf() : null,
    enrollEndAt: end ? end.valueOf() : null,
    memberFree: !!values.memberFree,
    appOnly: !!values.appOnly,
    needsVerifiedProfile: !!values.needsVerifiedProfile,
    homeListType: values.homeListType ?? null,
    sort: values.sort ?? 0,
    description: values.description ?? '',
  };
  if (values.publishedAt) payload.publishedAt = values.publishedAt.valueOf();
  return payload;
}

/**
 * Only the fields that differ from the saved course, so the audit log's before/after names what
 * the operator changed. Empty when nothing changed.
 */
export function diffCoursePayload(course: AdminCourseDetail, values: CourseFormValues): AdminCoursePatch {
  const next = toCoursePayload(values) as Record<string, unknown>;
  const saved = toCoursePayload(toFormValues(course)) as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(value) !== JSON.stringify(saved[key])) patch[key] = value;
  }
  return patch as AdminCoursePatch;
}
