import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CourseDetail } from '@jinfa/shared/schemas';
import { courseDetail } from '../../../../test/course-fixtures.ts';
import { renderRoutes } from '../../../../test/render-app.tsx';
import { ActionBar } from './action-bar.tsx';

const base = courseDetail(12, {
  name: '票据追索权实务',
  vipPrice: 0,
  vipPriceYuan: '0.00',
  memberFree: true,
  lecturerId: 1,
  subjectName: '票据',
  trackingId: 'course-12',
});

function renderBar(course: CourseDetail, onStudy = vi.fn()) {
  const { router } = renderRoutes([
    { path: '/', Component: () => <ActionBar course={course} favorite={false} onToggleFavorite={() => {}} onStudy={onStudy} /> },
    { path: '/course/signup', Component: () => <p>报名页</p> },
  ]);
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
