import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/date.ts';
import { useShareStats } from '../api/get-share-stats.ts';
import { RecordsPage } from '../components/records-nav.tsx';
import { Section } from '../components/section.tsx';
import { StatTiles } from '../components/stat-tiles.tsx';
import styles from './records-pages.module.css';

function Shares() {
  const stats = useShareStats();
  if (stats.isPending) return <Spinner />;
  if (stats.isError) return <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />;
  const { totals, rows } = stats.data;
  return (
    <>
      <Section title="分享概况" testId="share-totals">
        <StatTiles
          tiles={[
            { label: '分享次数', value: totals.shares, unit: '次' },
            { label: '分享课程', value: totals.courses, unit: '门' },
            { label: '微信好友', value: totals.session, unit: '次' },
            { label: '朋友圈', value: totals.timeline, unit: '次' },
          ]}
        />
        {totals.poster + totals.link > 0 && (
          <p className={styles.note}>
            另有海报 {totals.poster} 次、链接 {totals.link} 次
          </p>
        )}
      </Section>
      {rows.length === 0 ? (
        <EmptyState title="还没有分享过课程" description="在课程页点击分享，把好课推荐给同事" />
      ) : (
        <Section title="分享过的课程">
          <ul className={styles.shareList}>
            {rows.map((r) => (
              <li key={r.course.courseId}>
                <Link to={paths.courseDetail.getHref({ courseId: r.course.courseId })}>{r.course.name}</Link>
                <span>
                  {r.shares} 次 · {formatDate(r.lastSharedAt, 'M月D日')}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}

/** /record/shareStats (open route): how often I shared which course. */
export function ShareStatsPage() {
  return <RecordsPage current="share" content={<Shares />} />;
}
