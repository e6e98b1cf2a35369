import type { CourseCard } from '@jinfa/shared/schemas';

/** A course card as the server sends it; override what the test is about. */
export function courseCard(courseId: number, overrides: Partial<CourseCard> = {}): CourseCard {
  return {
    courseId,
    name: `课程${courseId}`,
    subtitle: '',
    cover: '',
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
