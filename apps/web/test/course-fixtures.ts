import type { CourseCard, CourseDetail } from '@jinfa/shared/schemas';

/** What a card and a detail both open with: the course's id, a name made from it, no subtitle or cover. */
const titled = (courseId: number) => ({ courseId, name: `课程${courseId}`, subtitle: '', cover: '' });

/** A course card as the server sends it; override what the test is about. */
export function courseCard(courseId: number, overrides: Partial<CourseCard> = {}): CourseCard {
  return {
    ...titled(courseId),
    lecturerName: '王律师',
    lecturerPosition: '合伙人',
    price: 29900,
    priceYuan: '299.00',
    vipPrice: null,
    vipPriceYuan: null,
    originalPrice: 29900,
    isFree: false,
    memberFree: false,
    courseType: 1,
    courseLevel: 2,
    mediaType: 1,
    learnersCount: 1234,
    durationSeconds: 3600,
    chapterCount: 1,
    tags: ['反洗钱'],
    activityType: 0,
    status: 1,
    ...overrides,
  };
}

/** `{rows, total}` of courses `from..from+count-1`. */
export function coursePage(from: number, count: number, total: number) {
  return { rows: Array.from({ length: count }, (_, i) => courseCard(from + i)), total };
}

/** A course's detail page data as the server sends it (anonymous: no `isFavorite`); override what the test is about. */
export function courseDetail(courseId: number, overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    ...titled(courseId),
    detail: '',
    isSeries: false,
    courseType: 1,
    courseLevel: 1,
    mediaType: 1,
    price: 29900,
    priceYuan: '299.00',
    vipPrice: null,
    vipPriceYuan: null,
    originalPrice: 39900,
    originalPriceYuan: '399.00',
    isFree: false,
    memberFree: false,
    activityType: 0,
    durationSeconds: 3600,
    learnersCount: 10,
    chapterCount: 0,
    lecturerId: 3,
    lecturerName: '王律师',
    lecturerAvatar: '',
    lecturerCompany: '',
    lecturerDepartment: '',
    lecturerPosition: '',
    lecturerIntro: '',
    subjectId: 1,
    subjectName: '银行合规',
    tags: [],
    corporateId: null,
    nativeOnly: false,
    needsVerifiedProfile: false,
    publishedAt: '2026-01-01T00:00:00+08:00',
    trackingId: `t-${courseId}`,
    owned: false,
    ...overrides,
  };
}
