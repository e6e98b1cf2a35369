import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppraisalPage, Chapter, CommentPage, CourseDetail } from '@jinfa/shared/schemas';
import { courseCard, courseDetail } from '../../../../test/course-fixtures.ts';
import { envelope, mockFetch, type Call } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { saveTokens } from '../../../lib/auth-store.ts';
import { connectRouter } from '../../../lib/session.ts';

const T = { timeout: 5000 };

const course = courseDetail(12, {
  name: '商业银行授信业务合规要点',
  subtitle: '从尽调到贷后，一课讲透',
  detail: '<p>本课程<strong>系统讲解</strong>授信合规。</p>',
  courseLevel: 2,
  vipPrice: 19900,
  vipPriceYuan: '199.00',
  durationSeconds: 3900,
  learnersCount: 1280,
  lecturerCompany: '金法律师事务所',
  lecturerDepartment: '金融部',
  lecturerPosition: '合伙人',
  lecturerIntro: '专注银行合规十五年',
  tags: [{ tagId: 1, tagName: '授信' }],
  isFavorite: false,
});

const related = courseCard(13, {
  name: '票据业务风险防范',
  lecturerName: '李老师',
  lecturerPosition: '法务总监',
  price: 9900,
  priceYuan: '99.00',
  originalPrice: 9900,
  courseLevel: 1,
  learnersCount: 30,
  durationSeconds: 1800,
  chapterCount: 0,
  tags: [],
});

const chapters: Chapter[] = [
  { chapterId: 1, title: '第一讲 尽职调查', sort: 1, durationSeconds: 725, isFreeTrial: true, price: 0, priceYuan: '0.00' },
  { chapterId: 2, title: '第二讲 担保审查', sort: 2, durationSeconds: 900, isFreeTrial: false, price: 0, priceYuan: '0.00' },
];

const noAppraisals: AppraisalPage = { rows: [], total: 0, averageScore: null };

function comment(id: number, content: string) {
  return { commentId: id, content, userName: `学员${id}`, userAvatar: '', createdAt: '2026-01-01T00:00:00+08:00' };
}

function routes(detail: CourseDetail, extra: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return {
    '/v1/courses/12': () => envelope(detail),
    '/v1/courses/12/series': () => envelope(chapters),
    '/v1/courses/12/related/5': () => envelope([related]),
    '/v1/courses/12/users': () => envelope({ rows: [{ name: '张*远', avatar: '', learnedAt: '2026-01-01' }], total: 1280 }),
    'GET /v1/courses/12/appraisals': () => envelope(noAppraisals),
    'GET /v1/comment/12': () => envelope({ rows: [], hasMore: false } satisfies CommentPage),
    'POST /v1/courses/12/visit': () => envelope(null),
    ...extra,
  };
}

beforeEach(() => saveTokens({ accessToken: 'tok', userId: 7 }));
afterEach(() => connectRouter(null));

describe('/course/detail', () => {
  it('shows the course: price, VIP price, level, duration, lecturer, introduction, related, learners', async () => {
    const { calls } = mockFetch(routes(course));
    renderApp('/course/detail?courseId=12');
    expect(await screen.findByRole('heading', { name: course.name }, T)).toBeTruthy();
    const price = screen.getByTestId('course-price');
    expect(price.textContent).toContain('299.00');
    expect(price.textContent).toContain('会员价¥199.00');
    expect(price.textContent).toContain('¥399.00');
    expect(screen.getByText('中级')).toBeTruthy();
    expect(screen.getByTestId('course-duration').textContent).toBe('1小时05分');
    expect(screen.getByText('金法律师事务所 · 金融部 · 合伙人')).toBeTruthy();
    expect(screen.getByTestId('course-intro').querySelector('strong')?.textContent).toBe('系统讲解');
    expect(await screen.findByText('1280人在学', undefined, T)).toBeTruthy();
    const relatedList = await screen.findByTestId('related-courses', undefined, T);
    expect(within(relatedList).getByTestId('course-card').getAttribute('href')).toBe('/course/detail?courseId=13');
    // Opening the page records the visit (学习中 on /mycourses).
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/courses/12/visit')).toBe(true), T);
    // Not a series: no chapter anchor.
    expect(screen.queryByRole('button', { name: '目录' })).toBeNull();
  });

  it('accepts the older `id` parameter and says 暂未更新 without a duration', async () => {
    mockFetch(routes({ ...course, durationSeconds: null }));
    renderApp('/course/play?id=12');
    expect(await screen.findByRole('heading', { name: course.name }, T)).toBeTruthy();
    expect(screen.getByTestId('course-duration').textContent).toBe('暂未更新');
  });

  it('lists the chapters of a series with 试听 on free-trial chapters', async () => {
    mockFetch(routes({ ...course, isSeries: true, courseType: 2, chapterCount: 2 }));
    renderApp('/course/detail?courseId=12');
    const list = await screen.findByTestId('chapter-list', undefined, T);
    const items = within(list).getAllByTestId('chapter');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('试听')).toBeTruthy();
    expect(within(items[1]!).queryByText('试听')).toBeNull();
    expect(within(items[1]!).getByLabelText('购买后解锁')).toBeTruthy();
    expect(screen.getByRole('button', { name: '目录' })).toBeTruthy();
  });

  it('offers 立即购买 to a learner who does not own the course, and leads to sign-up', async () => {
    mockFetch(routes(course));
    const { location } = renderApp('/course/detail?courseId=12');
    const buy = await screen.findByTestId('buy-button', undefined, T);
    expect(buy.textContent).toContain('立即购买 ¥299.00');
    await userEvent.click(buy);
    await waitFor(() => expect(location()).toBe('/course/signup?courseId=12'), T);
  });

  it('has no buy button on an owned course', async () => {
    mockFetch(routes({ ...course, owned: true }));
    renderApp('/course/detail?courseId=12');
    expect(await screen.findByTestId('study-button', undefined, T)).toBeTruthy();
    expect(screen.queryByTestId('buy-button')).toBeNull();
  });

  it('says 已购买 instead of the price on a bought course, 会员免费学 on one a membership opens', async () => {
    mockFetch(routes({ ...course, owned: true, accessBy: 'owned' }));
    renderApp('/course/detail?courseId=12');
    expect((await screen.findByTestId('course-owned', undefined, T)).textContent).toBe('已购买');
    expect(screen.queryByTestId('course-price')).toBeNull();
    expect(screen.queryByText(/会员价/)).toBeNull();
  });

  it('says 会员免费学 instead of the price when a membership opens the course', async () => {
    mockFetch(routes({ ...course, memberFree: true, owned: true, accessBy: 'member' }));
    renderApp('/course/detail?courseId=12');
    expect((await screen.findByTestId('course-owned', undefined, T)).textContent).toBe('会员免费学');
    expect(screen.queryByTestId('course-price')).toBeNull();
  });

  it('marks finished chapters 已学完 and started ones 学到 X%, from the player listen_progress', async () => {
    const { calls } = mockFetch(
      routes(
        { ...course, isSeries: true, courseType: 2, chapterCount: 2, owned: true, accessBy: 'owned' },
        {
          '/v1/courses/12/listen_progress': () =>
            envelope({
              courseId: 12,
              chapterId: 2,
              position: 450,
              duration: 900,
              finished: false,
              chapters: [
                { chapterId: 1, position: 700, duration: 725, finished: true },
                { chapterId: 2, position: 450, duration: 900, finished: false },
              ],
            }),
        },
      ),
    );
    renderApp('/course/detail?courseId=12');
    const list = await screen.findByTestId('chapter-list', undefined, T);
    await waitFor(() => expect(within(list).getAllByTestId('chapter')[0]!.textContent).toContain('已学完'), T);
    const items = within(list).getAllByTestId('chapter');
    expect(within(items[1]!).getByTestId('chapter-progress').textContent).toBe('学到 50%');
    expect(within(items[1]!).queryByText('已学完')).toBeNull();
    // The list reads the player's query: the page asked once; the player may ask again when it resumes a chapter.
    expect(calls.filter((c) => c.path === '/v1/courses/12/listen_progress').length).toBeLessThanOrEqual(2);
  });

  it('enrolls in a free course with 免费学习', async () => {
    let owned = false;
    const { calls } = mockFetch(
      routes(course, {
        '/v1/courses/12': () => envelope({ ...course, isFree: true, price: 0, priceYuan: '0.00', owned }),
        'POST /v1/courses/12/enroll': () => {
          owned = true;
          return envelope(null);
        },
      }),
    );
    renderApp('/course/detail?courseId=12');
    await userEvent.click(await screen.findByRole('button', { name: '免费学习' }, T));
    expect(await screen.findByTestId('study-button', undefined, T)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/courses/12/enroll')).toBe(true);
    expect(screen.queryByTestId('buy-button')).toBeNull();
  });

  it('flips the favourite at once and rolls it back when the server refuses', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockFetch(
      routes(course, {
        'POST /v1/favorites/12': async () => {
          await gate;
          return envelope(null, -50000, '服务器异常', 500);
        },
      }),
    );
    renderApp('/course/detail?courseId=12');
    const button = await screen.findByTestId('favorite-button', undefined, T);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(button);
    // Optimistic: pressed before the server answered.
    await waitFor(() => expect(screen.getByTestId('favorite-button').getAttribute('aria-pressed')).toBe('true'), T);
    release();
    await waitFor(() => expect(screen.getByTestId('favorite-button').getAttribute('aria-pressed')).toBe('false'), T);
    expect(await screen.findByText('收藏失败，请稍后重试', undefined, T)).toBeTruthy();
  });

  it('keeps the favourite when the server accepts it', async () => {
    const { calls } = mockFetch(routes(course, { 'POST /v1/favorites/12': () => envelope(null) }));
    renderApp('/course/detail?courseId=12');
    await userEvent.click(await screen.findByTestId('favorite-button', undefined, T));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/favorites/12')).toBe(true), T);
    expect(screen.getByTestId('favorite-button').getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('已收藏', { selector: '.jf-toast__text' }, T)).toBeTruthy();
  });

  it('posts an appraisal with stars and text, then shows it', async () => {
    let page: AppraisalPage = noAppraisals;
    const { calls } = mockFetch(
      routes(course, {
        'GET /v1/courses/12/appraisals': () => envelope(page),
        'POST /v1/courses/12/appraisals': (call) => {
          const body = call.body as { score: number; content: string };
          const row = {
            appraisalId: 1,
            score: body.score,
            content: body.content,
            userName: '司马相如',
            userAvatar: '',
            createdAt: new Date().toISOString(),
            updatedAt: new Date().toISOString(),
          };
          page = { rows: [row], total: 1, averageScore: body.score };
          return envelope({ ...row, updated: false });
        },
      }),
    );
    renderApp('/course/detail?courseId=12');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: '发表评价' }, T);
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: '4星' }));
    await user.type(screen.getByLabelText('评价内容'), '案例很实用');
    await user.click(submit);
    expect(await screen.findByText('案例很实用', { selector: 'p' }, T)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/v1/courses/12/appraisals');
    expect(post?.body).toEqual({ courseId: 12, score: 4, content: '案例很实用' });
    expect(screen.getByTestId('appraisal-summary').textContent).toContain('4.0');
  });

  it('pages back through comments with 加载更多', async () => {
    const { calls } = mockFetch(
      routes(course, {
        'GET /v1/comment/12': (call) =>
          call.url.searchParams.get('end') === '9'
            ? envelope({ rows: [comment(8, '第二页的评论')], hasMore: false })
            : envelope({ rows: [comment(10, '最新评论'), comment(9, '次新评论')], hasMore: true }),
      }),
    );
    renderApp('/course/detail?courseId=12');
    expect(await screen.findByText('最新评论', undefined, T)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('第二页的评论', undefined, T)).toBeTruthy();
    expect(screen.getAllByTestId('comment')).toHaveLength(3);
    expect(screen.getByText('— 没有更多了 —')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v1/comment/12').map((c) => c.url.searchParams.get('end'))).toEqual([null, '9']);
  });

  it.each([
    [-1281, '课程已下架'],
    [-45061, '课程尚未开始'],
  ])('shows a state page for code %i', async (code, title) => {
    mockFetch(routes(course, { '/v1/courses/12': () => envelope(null, code) }));
    renderApp('/course/detail?courseId=12');
    const state = await screen.findByTestId('course-state', undefined, T);
    expect(within(state).getByText(title)).toBeTruthy();
    expect(within(state).getByRole('link', { name: '去看看其他课程' })).toBeTruthy();
    expect(screen.queryByTestId('buy-button')).toBeNull();
    // The state page says it; no popup on top.
    expect(screen.queryByTestId('error-popup')).toBeNull();
  });

  it('explains a link without a course id', async () => {
    mockFetch({});
    renderApp('/course/detail');
    expect(await screen.findByText('课程不存在', undefined, T)).toBeTruthy();
  });
});
