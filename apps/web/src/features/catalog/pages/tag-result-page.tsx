import { useMemo } from 'react';
import { Link, useSearchParams } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
import { useCourses } from '../api/get-courses.ts';
import { CourseList } from '../components/course-list.tsx';
import { useListMemory } from '../hooks/use-list-memory.ts';
import { toMemoryParams } from '../lib/list-memory.ts';
import styles from './catalog-pages.module.css';

/** /tagResult?tagId&tagName: the courses carrying one tag. */
export function TagResultPage() {
  const [searchParams] = useSearchParams();
  const rawId = Number(searchParams.get('tagId'));
  const tagId = Number.isSafeInteger(rawId) && rawId > 0 ? rawId : undefined;
  const tagName = (searchParams.get('tagName') ?? '').trim().slice(0, 30);
  const courses = useCourses({ tagId }, { enabled: tagId != null });
  const memoryParams = useMemo(() => toMemoryParams({ tagId, tagName }), [tagId, tagName]);
  const memory = useListMemory('tagResult', memoryParams, courses.isSuccess);
  const title = tagName ? `#${tagName}` : '标签课程';

  return (
    <Page title={title}>
      {tagId == null ? (
        <EmptyState
          title="这个标签不存在"
          description="链接可能已失效"
          action={
            <Link to={paths.discovery.getHref()} className={styles.reset}>
              去发现页看看
            </Link>
          }
        />
      ) : (
        <div onClickCapture={memory.handleClickCapture}>
          <CourseList
            query={courses}
            header={
              courses.data ? (
                <p className={styles.summary}>
                  共 {courses.data.pages[0]?.total ?? 0} 门“{tagName || '该标签'}”相关课程
                </p>
              ) : null
            }
            emptyTitle="这个标签下暂无课程"
          />
        </div>
      )}
    </Page>
  );
}
