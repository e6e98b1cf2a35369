import type { ReactNode } from 'react';
import type { CourseCard as CourseCardData } from '@jinfa/shared/schemas';
import { CourseCard } from '../../../components/course-card.tsx';
import { InfiniteList, type InfiniteSource } from '../../../components/infinite-list.tsx';

interface CourseListProps {
  query: InfiniteSource<CourseCardData>;
  emptyTitle?: string;
  emptyDescription?: ReactNode;
  emptyAction?: ReactNode;
  layout?: 'list' | 'grid';
  header?: ReactNode;
  onRefresh?: (() => Promise<unknown>) | false;
  suid?: string | number;
  tid?: string | number;
  dense?: boolean;
}

/** An infinite list of course cards with the catalogue's empty state. */
export function CourseList({
  query,
  emptyTitle = '暂无相关课程',
  emptyDescription,
  emptyAction,
  layout = 'list',
  header,
  onRefresh,
  suid,
  tid,
  dense,
}: CourseListProps) {
  return (
    <InfiniteList
      query={query}
      layout={layout}
      header={header}
      onRefresh={onRefresh}
      testId="course-list"
      itemKey={(course) => course.courseId}
      renderItem={(course) => <CourseCard course={course} layout={layout === 'grid' ? 'grid' : 'row'} suid={suid} tid={tid} dense={dense} />}
      empty={{ title: emptyTitle, description: emptyDescription, action: emptyAction }}
    />
  );
}
