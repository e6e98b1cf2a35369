import { useMemo, useState } from 'react';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { useListenReport } from '../api/get-listen-report.ts';
import { BarChart } from '../components/bar-chart.tsx';
import { RecordsPage } from '../components/records-nav.tsx';
import { Section } from '../components/section.tsx';
import { StatTiles } from '../components/stat-tiles.tsx';
import { chinaDay, lastDays, lastWeeks, perDayMap, recentTotals } from '../lib/stats.ts';
import styles from './records-pages.module.css';

const WEEKS = 8;

function Stats() {
  const [now] = useState(() => Date.now());
  const today = chinaDay(now);
  const year = Number(today.slice(0, 4));
  // Eight weeks back from early January reach into last year: ask for that year's days too.
  const needLastYear = chinaDay(now - WEEKS * 7 * 86_400_000).slice(0, 4) !== today.slice(0, 4);
  const current = useListenReport(year, 3);
  const previous = useListenReport(year - 1, 3, needLastYear);
  const perDay = useMemo(
    () => new Map([...perDayMap(previous.data?.buckets), ...perDayMap(current.data?.buckets)]),
    [current.data, previous.data],
  );

  if (current.isPending || (needLastYear && previous.isPending)) return <Spinner />;
  if (current.isError) return <ErrorState error={current.error} onRetry={() => void current.refetch()} />;
  const recent = recentTotals(perDay, now);
  const totals = current.data.totals;
  return (
    <>
      <Section title="学习概况" testId="study-stats-totals">
        <StatTiles
          tiles={[
            { label: '今日', value: recent.today, unit: '分钟' },
            { label: '本周', value: recent.week, unit: '分钟' },
            { label: '连续学习', value: recent.streak, unit: '天' },
            { label: '今年累计', value: totals.minutes, unit: '分钟' },
          ]}
        />
        <p className={styles.note}>按实际播放时长统计，不含暂停和停留页面的时间</p>
      </Section>
      <Section title="近7天学习时长">
        <BarChart bars={lastDays(perDay, now, 7)} title="每日收听分钟" testId="chart-daily" />
      </Section>
      <Section title={`近${WEEKS}周学习时长`}>
        <BarChart bars={lastWeeks(perDay, now, WEEKS)} title="每周收听分钟（周一至周日）" testId="chart-weekly" />
      </Section>
      <Link to={paths.listenReport.getHref()} className={styles.reportLink}>
        查看 {year} 年度学习报告 ›
      </Link>
    </>
  );
}

/** /record/studyStats (open route): daily and weekly minutes actually played. */
export function StudyStatsPage() {
  return <RecordsPage current="stats" content={<Stats />} />;
}
