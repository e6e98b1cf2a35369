/**
 * One list page's state in the address bar: antd Table's pagination, sorter and column filters
 * (and any search form's filters) become `?page=2&pageSize=20&sort=createdAt&order=descend&status=paid`,
 * which is both the URL (so a link or a reload shows the same rows) and the API's query
 * (docs/console.md, "Envelope and paging").
 */
import { useCallback, useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { FilterValue, SorterResult, SortOrder } from 'antd/es/table/interface';
import { api } from './api';
import type { Paged } from './api';
import { useSearchParams } from './router';

export type SortDirection = 'ascend' | 'descend';

export interface TableQueryOptions {
  /** First element of the TanStack query key, e.g. 'orders'. */
  queryKey: string;
  /** API path, e.g. '/v1/admin/orders'. */
  path: string;
  /** Names of the filters kept in the URL and sent to the API (search box, selects, column filters). */
  filters?: readonly string[];
  defaultSort?: { field: string; order: SortDirection };
  defaultPageSize?: number;
  /** Leave the query off (e.g. until a required filter is chosen). */
  enabled?: boolean;
}

export interface TableQuery<T> {
  query: UseQueryResult<Paged<T>>;
  tableProps: Pick<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'onChange' | 'rowKey'>;
  /** The current filter values from the URL (missing ones are absent). */
  filters: Record<string, string>;
  /** Sets (or with '' / undefined clears) filters and goes back to page 1. */
  setFilters(next: Record<string, string | number | undefined | null>): void;
  /** For a column's controlled `sortOrder`. */
  sortOrderOf(field: string): SortOrder;
  /** The API query the list is fetched with (page, pageSize, sort, order and filters): for CSV links. */
  apiQuery: Record<string, string | number>;
}

const PAGE_SIZES = [10, 20, 50, 100];

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

export function useTableQuery<T extends object>(options: TableQueryOptions): TableQuery<T> {
  const { queryKey, path, filters: filterNames = [], defaultSort, defaultPageSize = 20, enabled = true } = options;
  const [searchParams, setSearchParams] = useSearchParams();

  const page = positiveInt(searchParams.get('page'), 1);
  const pageSize = positiveInt(searchParams.get('pageSize'), defaultPageSize, 100);
  const sortParam = searchParams.get('sort');
  const orderParam = searchParams.get('order');
  const sort = sortParam ?? defaultSort?.field;
  const order: SortDirection | undefined =
    orderParam === 'ascend' || orderParam === 'descend' ? orderParam : sortParam ? 'ascend' : defaultSort?.order;

  const filterKey = filterNames.join(',');
  const filters = useMemo(() => {
    const out: Record<string, string> = {};
    for (const name of filterKey ? filterKey.split(',') : []) {
      const v = searchParams.get(name);
      if (v !== null && v !== '') out[name] = v;
    }
    return out;
  }, [searchParams, filterKey]);

  const apiQuery = useMemo(() => {
    const q: Record<string, string | number> = { page, pageSize, ...filters };
    if (sort) q.sort = sort;
    if (sort && order) q.order = order;
    return q;
  }, [page, pageSize, sort, order, filters]);

  const query = useQuery({
    queryKey: [queryKey, apiQuery],
    queryFn: ({ signal }) => api.get<Paged<T>>(path, apiQuery, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

  /** Writes a new state to the URL, leaving out defaults so addresses stay short. */
  const write = useCallback(
    (next: { page: number; pageSize: number; sort?: string; order?: SortDirection; filters: Record<string, string> }) => {
      const sp = new URLSearchParams();
      // Keep parameters that are not ours (a page's tab, say).
      for (const [k, v] of searchParams) {
        if (!['page', 'pageSize', 'sort', 'order', ...filterNames].includes(k)) sp.set(k, v);
      }
      for (const [k, v] of Object.entries(next.filters)) if (v !== '') sp.set(k, v);
      const isDefaultSort = next.sort === defaultSort?.field && next.order === defaultSort?.order;
      if (next.sort && !isDefaultSort) {
        sp.set('sort', next.sort);
        if (next.order) sp.set('order', next.order);
      } else if (!next.sort && defaultSort) {
        // The operator cleared the default sort: say so, or the default would come back.
        sp.set('sort', '');
      }
      if (next.page !== 1) sp.set('page', String(next.page));
      if (next.pageSize !== defaultPageSize) sp.set('pageSize', String(next.pageSize));
      setSearchParams(sp);
    },
    [searchParams, setSearchParams, filterNames, defaultSort, defaultPageSize],
  );

  const setFilters = useCallback(
    (next: Record<string, string | number | undefined | null>) => {
      const merged: Record<string, string> = { ...filters };
      for (const [k, v] of Object.entries(next)) {
        if (v === undefined || v === null || v === '') delete merged[k];
        else merged[k] = String(v);
      }
      write({ page: 1, pageSize, sort, order, filters: merged });
    },
    [filters, write, pageSize, sort, order],
  );

  const onChange = useCallback(
    (
      pagination: TablePaginationConfig,
      columnFilters: Record<string, FilterValue | null>,
      sorter: SorterResult<T> | SorterResult<T>[],
    ) => {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = one?.order ? String(one.columnKey ?? one.field ?? '') || undefined : undefined;
      const nextOrder = one?.order ?? undefined;
      const merged: Record<string, string> = { ...filters };
      for (const [k, v] of Object.entries(columnFilters)) {
        if (!filterNames.includes(k)) continue;
        if (v && v.length > 0) merged[k] = v.map(String).join(',');
        else delete merged[k];
      }
      const filtersChanged = JSON.stringify(merged) !== JSON.stringify(filters);
      const sortChanged = field !== sort || nextOrder !== order;
      const nextPageSize = pagination.pageSize ?? pageSize;
      write({
        page: filtersChanged || sortChanged || nextPageSize !== pageSize ? 1 : (pagination.current ?? 1),
        pageSize: nextPageSize,
        sort: field,
        order: field ? nextOrder : undefined,
        filters: merged,
      });
    },
    [filters, filterNames, sort, order, pageSize, write],
  );

  const sortOrderOf = useCallback((field: string): SortOrder => (sort === field ? (order ?? null) : null), [sort, order]);

  const data = query.data;
  const tableProps: TableQuery<T>['tableProps'] = {
    dataSource: data?.items ?? [],
    loading: query.isFetching,
    rowKey: 'id' as TableProps<T>['rowKey'],
    onChange: onChange as TableProps<T>['onChange'],
    pagination: {
      current: page,
      pageSize,
      total: data?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES,
      showTotal: (total) => `共 ${total} 条`,
    },
  };

  return { query, tableProps, filters, setFilters, sortOrderOf, apiQuery };
}
