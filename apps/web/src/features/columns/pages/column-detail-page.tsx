import { ErrorCodes } from '@jinfa/shared/errors';
import { Link, useSearchParams } from '../../../lib/router.ts';
import { CourseCard, CourseCardSkeleton } from '../../../components/course-card.tsx';
import { Page } from '../../../components/page.tsx';
import { PullToRefresh } from '../../../components/pull-to-refresh.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { resizeImage } from '../../../lib/image.ts';
import { useColumn } from '../api/get-column.ts';
import { useShare } from '../../share/index.ts';
import styles from './column-detail-page.module.css';

function parseColumnId(...values: (string | null)[]): number | null {
  for (const value of values) {
    if (value && /^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value);
  }
  return null;
}

function Gone() {
  return (
    <div data-testid="column-gone">
      <EmptyState
        title="该专栏已不存在"
        description="专栏可能已下架或调整，去看看其他专栏吧。"
        action={
          <Link className={styles.stateButton} to={paths.columns.getHref()}>
            查看全部专栏
          </Link>
        }
      />
    </div>
  );
}

function ColumnBody({ columnId }: { columnId: number }) {
  const column = useColumn(columnId);
  const info = column.data;
  useShare(info ? { title: info.title, desc: info.intro, image: info.cover, link: paths.columnDetail.getHref({ id: columnId }) } : null);
  if (column.isPending) {
    return (
      <div aria-busy="true" aria-label="加载中">
        <div className={styles.hero}>
          <SkeletonBlock width="70%" height={22} style={{ opacity: 0.3 }} />
          <SkeletonBlock width="90%" height={14} style={{ marginTop: 14, opacity: 0.3 }} />
        </div>
        <CourseCardSkeleton />
        <CourseCardSkeleton />
      </div>
    );
  }
  if (column.isError) {
    if (column.error instanceof ApiError && column.error.code === ErrorCodes.COLUMN_GONE) return <Gone />;
    if (column.error instanceof ApiError && column.error.code === -10004) return <Gone />;
    return <ErrorState error={column.error} onRetry={() => void column.refetch()} />;
  }
  const c = column.data;
  const lecturer = [c.lecturerCompany, c.lecturerPosition].filter(Boolean).join(' · ');
  return (
    <PullToRefresh onRefresh={() => column.refetch()}>
      <header className={styles.hero}>
        {c.cover && <img className={styles.heroBg} src={resizeImage(c.cover, { width: 750 })} alt="" />}
        <div className={styles.heroText}>
          <span className={styles.kicker}>专栏 · {c.courseCount}门课</span>
          <h2 className={styles.title}>{c.title}</h2>
          {c.intro && <p className={styles.intro}>{c.intro}</p>}
          <div className={styles.lecturer}>
            {c.lecturerAvatar ? (
              <img className={styles.avatar} src={resizeImage(c.lecturerAvatar, { width: 64, height: 64 })} alt="" />
            ) : (
              <span className={styles.avatar} aria-hidden="true">
                {c.lecturerName.slice(0, 1)}
              </span>
            )}
            <span>
              <strong>{c.lecturerName}</strong>
              {lecturer && <small>{lecturer}</small>}
            </span>
          </div>
        </div>
      </header>
      <div className={styles.stats}>
        <span className={styles.price}>{c.price > 0 ? `¥${c.priceYuan}` : '免费'}</span>
        <span>{c.learnersCount}人在学</span>
        {c.price > 0 && c.courses.length > 0 && (
          <Link className={styles.buy} to={paths.courseSignup.getHref({ columnId: c.columnId })} data-testid="column-buy">
            购买专栏
          </Link>
        )}
      </div>
      <section className={styles.courses} aria-labelledby="column-courses-title">
        <h3 className={styles.sectionTitle} id="column-courses-title">
          专栏课程
        </h3>
        {c.courses.length === 0 ? (
          <EmptyState compact title="课程正在上架中" />
        ) : (
          c.courses.map((course) => <CourseCard key={course.courseId} course={course} />)
        )}
      </section>
    </PullToRefresh>
  );
}

/** /columns/detail?id= (or columnId=): one column and its courses. */
export function ColumnDetailPage() {
  const [params] = useSearchParams();
  const columnId = parseColumnId(params.get('id'), params.get('columnId'));
  return <Page title="专栏详情">{columnId == null ? <Gone /> : <ColumnBody key={columnId} columnId={columnId} />}</Page>;
}
