import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ColumnCard, ColumnDetail } from '@jinfa/shared/schemas';
import { courseCard } from '../../../../test/course-fixtures.ts';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { saveTokens } from '../../../lib/auth-store.ts';
import { connectRouter } from '../../../lib/session.ts';

const T = { timeout: 5000 };

const card: ColumnCard = {
  columnId: 4,
  title: '银行法务实战专栏',
  intro: '十二讲吃透银行法务日常',
  cover: '',
  price: 19900,
  priceYuan: '199.00',
  lecturerName: '赵老师',
  lecturerPosition: '首席法务',
  courseCount: 12,
  learnersCount: 860,
};

const detail: ColumnDetail = {
  ...card,
  lecturerAvatar: '',
  lecturerCompany: '某股份制银行',
  courses: [
    courseCard(21, {
      name: '担保合同审查',
      lecturerName: '赵老师',
      lecturerPosition: '首席法务',
      price: 0,
      priceYuan: '0.00',
      originalPrice: 0,
      isFree: true,
      courseLevel: 1,
      learnersCount: 10,
      durationSeconds: null,
      chapterCount: 0,
      tags: [],
    }),
  ],
};

beforeEach(() => saveTokens({ accessToken: 'tok', userId: 7 }));
afterEach(() => connectRouter(null));

describe('/columns', () => {
  it('lists the columns, each linking to its detail', async () => {
    mockFetch({ '/v1/columns': () => envelope({ rows: [card], total: 1 }) });
    renderApp('/columns');
    const item = await screen.findByTestId('column-card', undefined, T);
    expect(within(item).getByText('银行法务实战专栏')).toBeTruthy();
    expect(within(item).getByText('¥199.00')).toBeTruthy();
    expect(item.getAttribute('href')).toBe('/columns/detail?id=4');
  });

  it('shows an empty state when there are none', async () => {
    mockFetch({ '/v1/columns': () => envelope({ rows: [], total: 0 }) });
    renderApp('/columns');
    expect(await screen.findByText('暂无专栏', undefined, T)).toBeTruthy();
  });
});

describe('/columns/detail', () => {
  it('shows the column and its courses (columnId accepted too)', async () => {
    mockFetch({ '/v1/columns/4': () => envelope(detail) });
    renderApp('/columns/detail?columnId=4');
    expect(await screen.findByRole('heading', { name: '银行法务实战专栏' }, T)).toBeTruthy();
    const course = screen.getByTestId('course-card');
    expect(course.getAttribute('href')).toBe('/course/detail?courseId=21');
  });

  it('says the column is gone on -1366, without a popup', async () => {
    mockFetch({ '/v1/columns/4': () => envelope(null, -1366, '该专栏已不存在') });
    renderApp('/columns/detail?id=4');
    const gone = await screen.findByTestId('column-gone', undefined, T);
    expect(within(gone).getByText('该专栏已不存在')).toBeTruthy();
    expect(within(gone).getByRole('link', { name: '查看全部专栏' }).getAttribute('href')).toBe('/columns');
    expect(screen.queryByTestId('error-popup')).toBeNull();
  });
});
