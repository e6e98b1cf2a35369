import { useCallback, useEffect, useRef, type Key, type ReactNode } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import { cx } from '../lib/cx.ts';
import { CourseCardSkeleton } from './course-card.tsx';
import { PullToRefresh } from './pull-to-refresh.tsx';
import { EmptyState, ErrorState, errorText } from './states.tsx';
import styles from './infinite-list.module.css';

/**
 * The parts of a TanStack `useInfiniteQuery` result the list uses; any query whose pages carry
 * `rows` fits (CoursePage, FavoritePage, MyCoursePage, CommentPage …).
 */
export interface InfiniteSource<T> {
  data: InfiniteData<{ rows: readonly T[] }, unknown> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  isRefetching: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/**
 * `getNextPageParam` for 1-based `{rows, total}` pages: the next pageIndex while rows remain.
 * A short page also ends the list, so a wrong `total` can never loop forever.
 */
export function nextPageIndex(pageSize: number) {
  return (last: { rows: readonly unknown[]; total: number }, all: readonly unknown[]): number | undefined => {
    const loaded = all.length * pageSize;
    if (last.rows.length < pageSize || loaded >= last.total) return undefined;
    return all.length + 1;
  };
}

interface EmptyProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

interface InfiniteListProps<T> {
  query: InfiniteSource<T>;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => Key;
  /** 'list': rows on a white sheet; 'grid': two-column tiles. */
  layout?: 'list' | 'grid';
  /** Placeholder while the first page loads; defaults to course-card skeletons. */
  skeleton?: ReactNode;
  empty?: EmptyProps;
  /** Pull to refresh (default: refetch). Pass `false` to turn it off (lists inside a pulling page). */
  onRefresh?: (() => Promise<unknown>) | false;
  /** Shown after the last item. */
  endText?: string;
  className?: string;
  /** Content above the list that pulls down with it (filters, headers). */
  header?: ReactNode;
  testId?: string;
}

function LoadMoreFooter({ query, endText }: { query: InfiniteSource<unknown>; endText: string }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const load = useCallback(() => void fetchNextPage().catch(() => undefined), [fetchNextPage]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    if (typeof IntersectionObserver === 'undefined') return;
    // Start loading a screen before the end so scrolling rarely stops at the footer.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
      rootMargin: '0px 0px 400px 0px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, load]);

  let content: ReactNode;
  if (isFetchingNextPage) {
    content = (
      <span className={styles.loading}>
        <span className={styles.spinner} />
        加载中…
      </span>
    );
  } else if (isFetchNextPageError) {
    content = (
      <button type="button" className={styles.more} onClick={load}>
        加载失败，点击重试
      </button>
    );
  } else if (hasNextPage) {
    content = (
      <button type="button" className={styles.more} onClick={load}>
        加载更多
      </button>
    );
  } else {
    content = <span className={styles.end}>{endText}</span>;
  }
  return (
    <div ref={sentinel} className={styles.footer}>
      {content}
    </div>
  );
}

/**
 * A long list over `useInfiniteQuery`: skeleton first, then rows with infinite scroll, pull to
 * refresh, and the empty and error states. A failed next page keeps the rows and offers a retry.
 */
export function InfiniteList<T>({
  query,
  renderItem,
  itemKey,
  layout = 'list',
  skeleton,
  empty = { title: '暂无内容' },
  onRefresh,
  endText = '— 已经到底了 —',
  className,
  header,
  testId,
}: InfiniteListProps<T>) {
  const items = query.data?.pages.flatMap((page) => page.rows) ?? [];
  const { refetch } = query;
  const handleRefresh = useCallback(() => (onRefresh ? onRefresh() : refetch()), [onRefresh, refetch]);

  let body: ReactNode;
  if (query.isPending) {
    body = skeleton ?? (
      <div className={cx(styles.sheet, layout === 'grid' && styles.grid)}>
        {Array.from({ length: layout === 'grid' ? 4 : 5 }, (_, i) => (
          <CourseCardSkeleton key={i} layout={layout === 'grid' ? 'grid' : 'row'} />
        ))}
      </div>
    );
  } else if (query.isError && items.length === 0) {
    body = <ErrorState error={query.error} onRetry={() => void refetch()} />;
  } else if (items.length === 0) {
    body = <EmptyState {...empty} />;
  } else {
    body = (
      <>
        {query.isError && query.isRefetching === false && !query.isFetchNextPageError && (
          <p className={styles.stale} role="alert">
            {errorText(query.error)}
          </p>
        )}
        <div className={cx(styles.sheet, layout === 'grid' && styles.grid)} data-testid={testId}>
          {items.map((item, index) => (
            <div key={itemKey(item)} className={styles.item}>
              {renderItem(item, index)}
            </div>
          ))}
        </div>
        <LoadMoreFooter query={query as InfiniteSource<unknown>} endText={endText} />
      </>
    );
  }

  const content = (
    <div className={cx(styles.list, className)} aria-busy={query.isPending || query.isFetchingNextPage}>
      {header}
      {body}
    </div>
  );
  if (onRefresh === false) return content;
  return <PullToRefresh onRefresh={handleRefresh}>{content}</PullToRefresh>;
}
