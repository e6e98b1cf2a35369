import { useSearchParams } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { ErrorState } from '../../../components/states.tsx';
import { cx } from '../../../lib/cx.ts';
import { useCourses } from '../api/get-courses.ts';
import { useSubjects } from '../api/get-subjects.ts';
import { CourseList } from '../components/course-list.tsx';
import styles from './select-courses-page.module.css';

/** /selectCourses (选课中心): subjects down the left, that subject's courses on the right. */
export function SelectCoursesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('subjectId'));
  const subjectId = Number.isSafeInteger(raw) && raw > 0 ? raw : undefined;
  const subjects = useSubjects();
  const courses = useCourses({ subjectId });

  const pick = (id: number | undefined) => {
    setSearchParams(id ? { subjectId: String(id) } : {}, { replace: true });
    window.scrollTo(0, 0);
  };

  const items = [{ subjectId: undefined as number | undefined, name: '全部课程', courseCount: 0 }, ...(subjects.data ?? [])];

  return (
    <Page title="选课中心">
      <div className={styles.layout}>
        <nav className={styles.side} aria-label="学科">
          {subjects.isPending
            ? Array.from({ length: 8 }, (_, i) => (
                <div key={i} className={styles.sideItem}>
                  <SkeletonBlock width={52} height={14} />
                </div>
              ))
            : items.map((item) => (
                <button
                  key={item.subjectId ?? 'all'}
                  type="button"
                  className={cx(styles.sideItem, item.subjectId === subjectId && styles.active)}
                  aria-current={item.subjectId === subjectId ? 'true' : undefined}
                  onClick={() => pick(item.subjectId)}
                >
                  {item.name}
                </button>
              ))}
        </nav>
        <div className={styles.content}>
          {subjects.isError && !subjects.data ? (
            <ErrorState error={subjects.error} onRetry={() => void subjects.refetch()} />
          ) : (
            <CourseList query={courses} dense emptyTitle="该学科暂无课程" />
          )}
        </div>
      </div>
    </Page>
  );
}
