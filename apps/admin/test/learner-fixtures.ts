/** A learner's detail as GET /v1/admin/learners/:id answers it (learners pages tests). */
import type { AdminLearnerDetail } from '@jinfa/shared/admin-people-schemas';

export const T = Date.UTC(2026, 10, 20, 2, 0); // 2026-11-20 10:00 Beijing

export function detail(over: Partial<AdminLearnerDetail> = {}): AdminLearnerDetail {
  return {
    id: 7,
    name: '李四',
    nickname: '小李',
    avatar: '',
    phoneMasked: '139****0007',
    email: 'li@example.com',
    emailVerified: true,
    company: '某银行',
    department: '法务部',
    position: '经理',
    userType: 1,
    memberExpireAt: null,
    corporateId: null,
    auditStatus: 0,
    auditRemark: '',
    auditSubmittedAt: T,
    auditSubmitCount: 1,
    auditResult: 262144,
    reviewable: true,
    locked: false,
    blacklisted: false,
    createdAt: T,
    memberships: [],
    recentOrders: [],
    orderCount: 0,
    learningSeconds: 5400,
    ...over,
  };
}
