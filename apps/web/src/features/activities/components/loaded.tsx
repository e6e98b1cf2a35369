import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/states.tsx';
import styles from './activities.module.css';

interface LoadedProps<T> {
  query: UseQueryResult<T>;
  /** The link names nothing to load (no or a malformed id): its query never runs. */
  badLink?: boolean;
  children: (data: T) => ReactNode;
}

/** An activity page's one query: a skeleton while it loads, the error with a retry, else the page. */
export function Loaded<T>({ query, badLink = false, children }: LoadedProps<T>) {
  if (badLink) return <ErrorState title="链接无效" />;
  if (query.isPending) return <div className={styles.skeleton} aria-label="加载中" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
