import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import { useCourses } from '../api/get-courses.ts';
import { useSubjects } from '../api/get-subjects.ts';
import { CourseList } from '../components/course-list.tsx';
import { FilterBar } from '../components/filter-bar.tsx';
import { SubjectTabs } from '../components/subject-tabs.tsx';
import { useListMemory } from '../hooks/use-list-memory.ts';
import { activeFilterCount, filtersToParams, LIST_TYPE_TITLES, parseCourseFilters } from '../lib/filters.ts';
import styles from './catalog-pages.module.css';

/** /classification: the catalogue by subject with the spec's filters (§2.3), all in the address. */
export function ClassificationPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseCourseFilters(searchParams), [searchParams]);
  const memoryParams = useMemo(() => filtersToParams(filters), [filters]);
  const subjects = useSubjects();
  const courses = useCourses(filters);
  const memory = useListMemory('classification', memoryParams, courses.isSuccess);

  const update = useCallback(
    (key: string, value: string | number | undefined) => {
      const next = { ...memoryParams };
      if (value === undefined) delete next[key];
      else next[key] = String(value);
      // Filters replace the entry: "back" leaves the page rather than stepping through filters.
      setSearchParams(next, { replace: true });
    },
    [memoryParams, setSearchParams],
  );

  const title = filters.listType ? LIST_TYPE_TITLES[filters.listType] : '课程分类';
  const filtered = activeFilterCount(filters) > 0 || filters.subjectId != null;

  return (
    <Page title={title}>
      <div className={styles.sticky}>
        <SubjectTabs subjects={subjects.data} value={filters.subjectId} onChange={(id) => update('subjectId', id)} />
        <FilterBar filters={filters} onChange={update} />
      </div>
      <div onClickCapture={memory.handleClickCapture}>
        <CourseList
          query={courses}
          suid={filters.suid}
          tid={filters.tid}
          emptyTitle={filtered ? '没有符合条件的课程' : '暂无课程'}
          emptyDescription={filtered ? '换个筛选条件试试' : undefined}
          emptyAction={
            filtered ? (
              <button type="button" className={styles.reset} onClick={() => setSearchParams(filtersToParams({ listType: filters.listType, corporateId: filters.corporateId }), { replace: true })}>
                清除筛选
              </button>
            ) : undefined
          }
        />
      </div>
    </Page>
  );
}
