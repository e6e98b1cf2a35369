import type { AdminChapter, AdminCourseDetail, AdminCourseListItem, AdminLookups } from '@jinfa/shared';

export const T = Date.UTC(2026, 10, 20, 2, 0); // 2026-11-20 10:00 Beijing

export const LOOKUPS: AdminLookups = {
  subjects: [
    { id: 1, name: '票据法' },
    { id: 2, name: '合规' },
  ],
  lecturers: [
    { id: 5, name: '李律师' },
    { id: 6, name: '周教授' },
  ],
  tags: [{ id: 9, name: '热门' }],
  membershipPlans: [{ id: 1, name: '年度会员', kind: 'basic' }],
};

export function listItem(over: Partial<AdminCourseListItem> = {}): AdminCourseListItem {
  return {
    id: 1,
    title: '票据业务合规实务',
    cover: '',
    lecturerId: 5,
    lecturerName: '李律师',
    subjectId: 1,
    subjectName: '票据法',
    price: 19900,
    vipPrice: 9900,
    onShelf: true,
    status: 1,
    chapterCount: 3,
    learnerCount: 1234,
    updatedAt: T,
    ...over,
  };
}

export function chapter(over: Partial<AdminChapter> = {}): AdminChapter {
  return {
    id: 11,
    title: '第一讲',
    sort: 1,
    mediaAssetId: null,
    mediaStatus: null,
    durationSeconds: null,
    price: 0,
    isFree: false,
    published: true,
    ...over,
  };
}

export function course(over: Partial<AdminCourseDetail> = {}): AdminCourseDetail {
  return {
    id: 7,
    title: '票据业务合规实务',
    subtitle: '从案例看票据风险',
    description: '<p>简介</p>',
    cover: '',
    lecturerId: 5,
    lecturerName: '李律师',
    subjectId: 1,
    subjectName: '票据法',
    level: 1,
    courseType: 2,
    mediaType: 1,
    tagIds: [9],
    price: 19900,
    vipPrice: null,
    originalPrice: 29900,
    isFree: false,
    memberFree: false,
    activityType: 0,
    birdPrice: null,
    enrollStartAt: null,
    enrollEndAt: null,
    appOnly: false,
    needsVerifiedProfile: false,
    homeListType: null,
    sort: 0,
    durationSeconds: null,
    publishedAt: T,
    corporateId: null,
    onShelf: false,
    status: 0,
    learnerCount: 0,
    createdAt: T,
    updatedAt: T,
    chapters: [],
    ...over,
  };
}
