import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CourseDetail } from '@jinfa/shared/schemas';
import { queryClient } from '../../../lib/query-client.ts';
import { createMemoryRouter, RouterProvider } from '../../../lib/router.ts';
import { ActionBar } from './action-bar.tsx';

const base: CourseDetail = {
  courseId: 12,
  name: '票据追索权实务',
  subtitle: '',
  cover: '',
  detail: '',
  isSeries: false,
  courseType: 1,
  courseLevel: 1,
  mediaType: 1,
  price: 29900,
  priceYuan: '299.00',
  vipPrice: 0,
  vipPriceYuan: '0.00',
  originalPrice: 39900,
  originalPriceYuan: '399.00',
  isFree: false,
  memberFree: true,
  activityType: 0,
  durationSeconds: 3600,
  learnersCount: 10,
  chapterCount: 0,
  lecturerId: 1,
  lecturerName: '王律师',
  lecturerAvatar: '',
  lecturerCompany: '',
  lecturerDepartment: '',
  lecturerPosition: '',
  lecturerIntro: '',
  subjectId: 1,
  subjectName: '票据',
  tags: [],
  corporateId: null,
  nativeOnly: false,
  needsVerifiedProfile: false,
  publishedAt: '2026-01-01T00:00:00+08:00',
  trackingId: 'course-12',
  owned: false,
};

function renderBar(course: CourseDetail, onStudy = vi.fn()) {
  queryClient.clear();
  const router = createMemoryRouter(
    [
      { path: '/', Component: () => <ActionBar course={course} favorite={false} onToggleFavorite={() => {}} onStudy={onStudy} /> },
      { path: '/course/signup', Component: () => <p>报名页</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, onStudy };
}

describe('ActionBar', () => {
  it('offers a member 开始学习 · 会员免费学 instead of the buy button for a member-free course', async () => {
    const { onStudy } = renderBar({ ...base, owned: true, accessBy: 'member' });
    const study = await screen.findByTestId('study-button');
    expect(study.textContent).toContain('开始学习');
    expect(study.textContent).toContain('会员免费学');
    expect(screen.queryByTestId('buy-button')).toBeNull();
    await userEvent.click(study);
    expect(onStudy).toHaveBeenCalledTimes(1);
  });

  it("tells a corporate member the course is their corporate's", async () => {
    renderBar({ ...base, memberFree: false, corporateId: 3, owned: true, accessBy: 'corporate' });
    expect((await screen.findByTestId('study-button')).textContent).toContain('企业会员免费学');
    expect(screen.queryByTestId('buy-button')).toBeNull();
  });

  it('shows a plain 开始学习 for a bought course', async () => {
    renderBar({ ...base, owned: true, accessBy: 'owned' });
    const study = await screen.findByTestId('study-button');
    expect(study.textContent).toBe('开始学习');
  });

  it('keeps the buy button, marked 会员免费, for a learner the membership does not cover', async () => {
    const { router } = renderBar(base);
    const buy = await screen.findByTestId('buy-button');
    expect(buy.textContent).toContain('立即购买 ¥299.00');
    expect(buy.textContent).toContain('会员免费');
    expect(screen.queryByTestId('study-button')).toBeNull();
    await userEvent.click(buy);
    expect(router.state.location.pathname).toBe('/course/signup');
  });
});
