import { Suspense, lazy, useCallback, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CourseCard as CourseCardData } from '@jinfa/shared/schemas';
import { Link } from '../../../lib/router.ts';
import { LogoMark } from '../../../components/brand/logo-mark.tsx';
import { CourseCard, CourseCardSkeleton } from '../../../components/course-card.tsx';
import { BookIcon } from '../../../components/icons/book-icon.tsx';
import { BuildingIcon } from '../../../components/icons/building-icon.tsx';
import { ColumnIcon } from '../../../components/icons/column-icon.tsx';
import { CrownIcon } from '../../../components/icons/crown-icon.tsx';
import { ExamIcon } from '../../../components/icons/exam-icon.tsx';
import { GridIcon } from '../../../components/icons/grid-icon.tsx';
import { LiveIcon } from '../../../components/icons/live-icon.tsx';
import { SearchIcon } from '../../../components/icons/search-icon.tsx';
import { StarIcon } from '../../../components/icons/star-icon.tsx';
import { icon } from '../../../components/icons/svg.tsx';
import { PullToRefresh } from '../../../components/pull-to-refresh.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useBanners } from '../api/get-banners.ts';
import { useExhibitionSections, type ExhibitionSection } from '../api/get-exhibition-sections.ts';
import { useLatestCourses } from '../api/get-latest-courses.ts';
import { useMyCustomCourses } from '../api/get-my-custom-courses.ts';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { HomeSection, SectionRetry } from '../components/home-section.tsx';
import styles from './home-page.module.css';

interface Entry {
  label: string;
  to: string;
  Icon: ComponentType<{ size?: number }>;
  tone: string | undefined;
}

const ENTRIES: readonly Entry[] = [
  { label: '学科专题', to: paths.classification.getHref(), Icon: GridIcon, tone: styles.toneBlue },
  { label: '直播课堂', to: paths.lives.getHref(), Icon: LiveIcon, tone: styles.toneRed },
  { label: '名家专栏', to: paths.columns.getHref(), Icon: ColumnIcon, tone: styles.toneGold },
  { label: '在线考试', to: paths.examIndex.getHref(), Icon: ExamIcon, tone: styles.toneGreen },
  { label: '企业培训', to: paths.trainIndex.getHref(), Icon: BuildingIcon, tone: styles.toneNavy },
  { label: '选课中心', to: paths.selectCourses.getHref(), Icon: BookIcon, tone: styles.tonePurple },
  { label: '会员专区', to: paths.classification.getHref({ listType: 1 }), Icon: CrownIcon, tone: styles.toneGold },
  { label: '学科订阅', to: paths.subscription.getHref(), Icon: StarIcon, tone: styles.toneBlue },
];

/** Home list types (spec §3) → where their "more" goes and the line under the title. */
const ZONES: Record<number, { href: string; hint: string }> = {
  1: { href: paths.classification.getHref({ listType: 1 }), hint: '基础会员免费学' },
  2: { href: paths.classification.getHref(), hint: '经典好课限时特惠' },
  3: { href: paths.classification.getHref({ listType: 3 }), hint: '专题会员专享价' },
  4: { href: paths.classification.getHref({ isFree: 1 }), hint: '免费福利课' },
};

/**
 * Shown only when the catalogue has nothing to list, so the app's state screens (their art and
 * styles) load then instead of with every visit to home (budget 100 KB, decision 007).
 */
const LazyEmptyState = lazy(() => import('../../../components/states.tsx').then((m) => ({ default: m.EmptyState })));

function EmptyState(props: { title: string; description?: string; compact?: boolean }) {
  return (
    <Suspense fallback={null}>
      <LazyEmptyState {...props} />
    </Suspense>
  );
}

const LATEST_SIZE = 5;
const PICKS_SIZE = 4;

function GridSkeleton() {
  return (
    <div className={styles.cardGrid}>
      {Array.from({ length: 4 }, (_, i) => (
        <CourseCardSkeleton key={i} layout="grid" />
      ))}
    </div>
  );
}

function RowsSkeleton({ rows }: { rows: number }) {
  return (
    <div>
      {Array.from({ length: rows }, (_, i) => (
        <CourseCardSkeleton key={i} />
      ))}
    </div>
  );
}

function CourseRows({ courses }: { courses: CourseCardData[] }) {
  return (
    <div className={styles.rows}>
      {courses.map((course) => (
        <CourseCard key={course.courseId} course={course} />
      ))}
    </div>
  );
}

function ZoneSection({ section }: { section: ExhibitionSection }) {
  const zone = ZONES[section.type];
  if (section.courses.length === 0) return null;
  return (
    <HomeSection title={section.title} hint={zone?.hint} moreHref={zone?.href ?? paths.classification.getHref()} testId="home-zone">
      <div className={styles.cardGrid}>
        {section.courses.slice(0, 4).map((course) => (
          <CourseCard key={course.courseId} course={course} layout="grid" />
        ))}
      </div>
    </HomeSection>
  );
}

const RefreshIcon = icon(<path d="M20 11a8 8 0 0 0-14.3-4.9L4 8M4 4v4h4M4 13a8 8 0 0 0 14.3 4.9L20 16m0 4v-4h-4" />, { strokeWidth: 2 });

function ChangeBatchButton({ onClick, busy }: { onClick: () => void; busy: boolean }) {
  return (
    <button type="button" className={styles.batch} onClick={onClick} disabled={busy}>
      <RefreshIcon size={14} className={busy ? styles.spin : undefined} />
      换一批
    </button>
  );
}

export function HomePage() {
  usePageTitle();
  const queryClient = useQueryClient();
  const banners = useBanners();
  const zones = useExhibitionSections();
  const latest = useLatestCourses(LATEST_SIZE);
  const [batch, setBatch] = useState(0);
  const picks = useMyCustomCourses(PICKS_SIZE, batch);

  const handleRefresh = useCallback(() => queryClient.refetchQueries({ queryKey: ['home'], type: 'active' }), [queryClient]);

  const nothing =
    zones.isSuccess && latest.isSuccess && zones.data.every((z) => z.courses.length === 0) && latest.data.length === 0;

  return (
    <PullToRefresh onRefresh={handleRefresh}>
      <div className={styles.page}>
        <header className={styles.hero}>
          <div className={styles.brand}>
            <LogoMark size={32} />
            <div className={styles.brandText}>
              <h1 className={styles.brandName}>金法课堂</h1>
              <p className={styles.brandTagline}>银行与金融法律实务在线课堂</p>
            </div>
          </div>
          <Link to={paths.search.getHref()} className={styles.search} data-testid="home-search">
            <SearchIcon size={17} />
            <span>搜索课程、讲师、法规要点</span>
          </Link>
          {banners.isPending ? (
            <SkeletonBlock height={0} radius={14} style={{ marginTop: 14, paddingTop: '41.9%', opacity: 0.35 }} />
          ) : (
            <BannerCarousel banners={banners.data ?? []} />
          )}
        </header>

        <nav className={styles.grid} aria-label="栏目入口">
          {ENTRIES.map(({ label, to, Icon, tone }) => (
            <Link key={label} to={to} className={styles.entry}>
              <span className={`${styles.entryIcon} ${tone ?? ''}`}>
                <Icon size={22} />
              </span>
              <span className={styles.entryLabel}>{label}</span>
            </Link>
          ))}
        </nav>

        {zones.isPending ? (
          <HomeSection title="精选专区">
            <GridSkeleton />
          </HomeSection>
        ) : zones.isError ? (
          <HomeSection title="精选专区">
            <SectionRetry onRetry={() => void zones.refetch()} />
          </HomeSection>
        ) : (
          zones.data.map((section) => <ZoneSection key={section.type} section={section} />)
        )}

        <HomeSection title="最新课程" hint="新课抢先学" moreHref={paths.classification.getHref()} testId="home-latest">
          {latest.isPending ? (
            <RowsSkeleton rows={3} />
          ) : latest.isError ? (
            <SectionRetry onRetry={() => void latest.refetch()} />
          ) : latest.data.length === 0 ? (
            <EmptyState compact title="新课正在筹备中" />
          ) : (
            <CourseRows courses={latest.data} />
          )}
        </HomeSection>

        {(picks.isPending || (picks.data?.length ?? 0) > 0) && (
          <HomeSection
            title="为你推荐"
            hint="根据你订阅的学科"
            testId="home-picks"
            action={<ChangeBatchButton busy={picks.isFetching} onClick={() => setBatch((b) => b + 1)} />}
          >
            {picks.isPending ? <RowsSkeleton rows={2} /> : <CourseRows courses={picks.data ?? []} />}
          </HomeSection>
        )}

        {nothing && <EmptyState title="课程正在上架中" description="银行业务合规、金融监管、信贷与担保等课程即将上线" />}

        <footer className={styles.footer}>
          遇到问题？<Link to={paths.contact.getHref()}>联系客服</Link>（工作日 9:00–18:00）
        </footer>
      </div>
    </PullToRefresh>
  );
}
