import { useState } from 'react';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, LoginPrompt, Spinner } from '../../../components/states.tsx';
import { Link, useSearchParams } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/date.ts';
import { maskMobile } from '../../../lib/format.ts';
import { getAccessToken } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { exportListenCsv } from '../api/export-listen-csv.ts';
import { useMe } from '../api/get-me.ts';
import { useListenReport } from '../api/get-listen-report.ts';
import { BarChart } from '../components/bar-chart.tsx';
import { Section } from '../components/section.tsx';
import { StatTiles } from '../components/stat-tiles.tsx';
import { chinaDay, formatMinutes } from '../lib/stats.ts';
import styles from './listen-report-page.module.css';

const FIRST_YEAR = 2020;

function useYear(): [number, number, (year: number) => void] {
  const [params, setParams] = useSearchParams();
  const [thisYear] = useState(() => Number(chinaDay(Date.now()).slice(0, 4)));
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= FIRST_YEAR && asked <= thisYear ? asked : thisYear;
  const setYear = (y: number) => {
    const next = new URLSearchParams(params);
    next.set('year', String(y));
    setParams(next, { replace: true });
  };
  return [year, thisYear, setYear];
}

function YearPicker({ year, thisYear, onChange }: { year: number; thisYear: number; onChange: (y: number) => void }) {
  return (
    <div className={styles.years} role="group" aria-label="选择年份">
      <button type="button" aria-label="上一年" disabled={year <= FIRST_YEAR} onClick={() => onChange(year - 1)}>
        ‹
      </button>
      <span data-testid="report-year">{year}年</span>
      <button type="button" aria-label="下一年" disabled={year >= thisYear} onClick={() => onChange(year + 1)}>
        ›
      </button>
    </div>
  );
}

function Report({ year, thisYear, setYear }: { year: number; thisYear: number; setYear: (y: number) => void }) {
  const report = useListenReport(year, 1);
  const [exporting, setExporting] = useState(false);
  const handleExport = async () => {
    setExporting(true);
    try {
      if ((await exportListenCsv(year)) === 'saved') toast.success('已导出 CSV 文件');
    } catch {
      toast.fail('导出失败，请稍后重试');
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <div className={styles.hero}>
        <YearPicker year={year} thisYear={thisYear} onChange={setYear} />
        {report.data && (
          <p className={styles.headline} data-testid="report-headline">
            全年学习 <strong>{formatMinutes(report.data.totals.minutes)}</strong>
          </p>
        )}
      </div>
      {report.isPending ? (
        <Spinner />
      ) : report.isError ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <Section title="年度概况" testId="report-totals">
            <StatTiles
              tiles={[
                { label: '学习分钟', value: report.data.totals.minutes, unit: '分' },
                { label: '学习天数', value: report.data.totals.activeDays, unit: '天' },
                { label: '最长连续', value: report.data.totals.longestStreak, unit: '天' },
              ]}
            />
            <div className={styles.gap} />
            <StatTiles
              tiles={[
                { label: '开始学习', value: report.data.totals.coursesStarted, unit: '门' },
                { label: '学完课程', value: report.data.totals.coursesFinished, unit: '门' },
              ]}
            />
          </Section>
          <Section title="每月学习时长">
            <BarChart
              bars={report.data.buckets.map((b) => ({ key: b.key, label: b.label, minutes: b.minutes, current: b.key === chinaDay(Date.now()).slice(0, 7) }))}
              title="每月收听分钟"
              testId="chart-monthly"
            />
          </Section>
          <Section title="学习最多的领域">
            {report.data.topSubjects.length === 0 ? (
              <EmptyState compact title="这一年还没有学习记录" />
            ) : (
              <ol className={styles.ranks}>
                {report.data.topSubjects.map((s) => (
                  <li key={s.subjectId}>
                    <span className={styles.rankName}>{s.name}</span>
                    <span className={styles.rankBar}>
                      <span style={{ width: `${Math.max(4, (s.seconds / (report.data.topSubjects[0]?.seconds || 1)) * 100)}%` }} />
                    </span>
                    <span className={styles.rankValue}>{s.minutes}分钟</span>
                  </li>
                ))}
              </ol>
            )}
          </Section>
          {report.data.topCourses.length > 0 && (
            <Section title="学习最多的课程">
              <ol className={styles.courses}>
                {report.data.topCourses.map((c) => (
                  <li key={c.courseId}>
                    <Link to={paths.courseDetail.getHref({ courseId: c.courseId })}>{c.name}</Link>
                    <span>{c.minutes}分钟</span>
                  </li>
                ))}
              </ol>
            </Section>
          )}
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={() => void handleExport()} disabled={exporting} data-testid="export-csv">
              {exporting ? '正在导出…' : '导出学时 CSV'}
            </button>
            <Link to={paths.listenReport.getHref({ year, print: 1 })} className={styles.secondary} data-testid="print-view">
              打印版
            </Link>
          </div>
          <p className={styles.note}>学习时长按实际播放时长统计（北京时间），可作为合规培训学时证明。</p>
        </>
      )}
    </>
  );
}

/** ?print=1: the year on one sheet, for the learner to print or save as PDF. */
function PrintView({ year }: { year: number }) {
  const report = useListenReport(year, 1);
  const me = useMe();
  const [printedAt] = useState(() => Date.now());
  if (report.isPending) return <Spinner />;
  if (report.isError) return <ErrorState error={report.error} onRetry={() => void report.refetch()} />;
  const { totals, buckets, topCourses } = report.data;
  return (
    <article className={styles.print} data-testid="print-report">
      <header>
        <h1>{year} 年度学习时长证明</h1>
        <p>金法课堂 · 银行与金融法律在线学习</p>
      </header>
      <table className={styles.info}>
        <tbody>
          <tr>
            <th>学员</th>
            <td>{me.data?.name || me.data?.nickname || '—'}</td>
            <th>手机号</th>
            <td>{maskMobile(me.data?.mobile) || '—'}</td>
          </tr>
          <tr>
            <th>单位</th>
            <td colSpan={3}>{me.data?.company || '—'}</td>
          </tr>
          <tr>
            <th>学习时长</th>
            <td>{totals.minutes} 分钟</td>
            <th>学习天数</th>
            <td>{totals.activeDays} 天</td>
          </tr>
          <tr>
            <th>开始学习</th>
            <td>{totals.coursesStarted} 门</td>
            <th>学完课程</th>
            <td>{totals.coursesFinished} 门</td>
          </tr>
        </tbody>
      </table>
      <h2>每月学习时长（分钟）</h2>
      <table className={styles.grid}>
        <thead>
          <tr>
            <th>月份</th>
            {buckets.map((b) => (
              <th key={b.key}>{Number(b.key.slice(5, 7))}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th>分钟</th>
            {buckets.map((b) => (
              <td key={b.key}>{b.minutes}</td>
            ))}
          </tr>
        </tbody>
      </table>
      {topCourses.length > 0 && (
        <>
          <h2>学习最多的课程</h2>
          <table className={styles.grid}>
            <tbody>
              {topCourses.map((c) => (
                <tr key={c.courseId}>
                  <td className={styles.left}>{c.name}</td>
                  <td>{c.minutes} 分钟</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p className={styles.footnote}>
        学习时长为实际播放时长，按北京时间统计；逐日明细见导出的 CSV 文件。打印时间：{formatDate(printedAt, 'YYYY-MM-DD HH:mm')}
      </p>
      <div className={styles.printActions}>
        <button type="button" className={styles.primary} onClick={() => window.print()}>
          打印 / 存为 PDF
        </button>
        <Link to={paths.listenReport.getHref({ year })} className={styles.secondary} replace>
          返回报告
        </Link>
      </div>
    </article>
  );
}

/** /userCenter/listenReport (open route): the yearly report, its CSV export and printable page. */
export function ListenReportPage() {
  const loggedIn = getAccessToken() != null;
  const [params] = useSearchParams();
  const [year, thisYear, setYear] = useYear();
  const print = params.get('print') === '1';
  if (print && loggedIn) {
    return (
      <Page title={`${year}年度学习报告`} background="white" className={styles.printPage}>
        <PrintView year={year} />
      </Page>
    );
  }
  return (
    <Page title="年度学习报告">{loggedIn ? <Report year={year} thisYear={thisYear} setYear={setYear} /> : <LoginPrompt description="登录后即可查看您的年度学习报告" />}</Page>
  );
}
