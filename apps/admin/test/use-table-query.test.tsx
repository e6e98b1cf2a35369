import { describe, expect, it } from 'vitest';
import { Table } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '../src/app/query-client';
import { useTableQuery } from '../src/lib/use-table-query';
import { mockApi } from './support';

interface Row {
  id: number;
  title: string;
  createdAt: number;
}

function List() {
  const { tableProps, sortOrderOf, setFilters } = useTableQuery<Row>({
    queryKey: 'things',
    path: '/v1/admin/things',
    filters: ['q', 'status'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  });
  return (
    <>
      <button onClick={() => setFilters({ q: '民法' })}>搜索</button>
      <Table<Row>
        {...tableProps}
        columns={[
          { title: '标题', dataIndex: 'title', key: 'title', sorter: true, sortOrder: sortOrderOf('title') },
          { title: '时间', dataIndex: 'createdAt', key: 'createdAt', sorter: true, sortOrder: sortOrderOf('createdAt') },
        ]}
      />
    </>
  );
}

describe('useTableQuery', () => {
  it('reads page, sort and filters from the URL, sends them to the API, and writes changes back', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, title: `课程${i + 1}`, createdAt: i }));
    const { calls } = mockApi({ 'GET /v1/admin/things': { code: 0, data: { items: rows, total: 45, page: 2, pageSize: 20 } } });
    window.history.replaceState(null, '', '/admin/things?page=2&status=paid&tab=x');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <List />
      </QueryClientProvider>,
    );
    await screen.findByText('课程1');
    const first = new URL(calls[0]!.url, 'http://x').searchParams;
    expect(Object.fromEntries(first)).toEqual({ page: '2', pageSize: '20', status: 'paid', sort: 'createdAt', order: 'descend' });

    const user = userEvent.setup();
    // Page 3 from the pager.
    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('page')).toBe('3'));
    expect(new URLSearchParams(window.location.search).get('tab')).toBe('x');
    await waitFor(() => expect(calls.at(-1)!.url).toContain('page=3'));

    // Sorting by title goes back to page 1 and sorts ascending.
    await user.click(screen.getByText('标题'));
    await waitFor(() => expect(window.location.search).toContain('sort=title'));
    const sorted = new URLSearchParams(window.location.search);
    expect(sorted.get('order')).toBe('ascend');
    expect(sorted.get('page')).toBeNull();

    // A search filter keeps the sort and resets the page.
    await user.click(screen.getByText('搜索'));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('q')).toBe('民法'));
    await waitFor(() => expect(calls.at(-1)!.url).toContain('q=%E6%B0%91%E6%B3%95'));
    expect(calls.at(-1)!.url).toContain('sort=title');
  });
});
