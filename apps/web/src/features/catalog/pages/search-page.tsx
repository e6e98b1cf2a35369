import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from '../../../lib/router.ts';
import { EmptyState } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
// The corporate feature's public store: which corporate the learner last visited (spec §3).
import { useCorporateVip } from '../../corporate/index.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useCorporateVipCourses } from '../api/get-corporate-vip-courses.ts';
import { useCourses } from '../api/get-courses.ts';
import { useHotSearches } from '../api/get-hot-searches.ts';
import { CourseList } from '../components/course-list.tsx';
import { KeywordPanel } from '../components/keyword-panel.tsx';
import { SearchBox } from '../components/search-box.tsx';
import { useListMemory } from '../hooks/use-list-memory.ts';
import { toMemoryParams } from '../lib/list-memory.ts';
import { addSearchHistory, clearSearchHistory, normalizeKeyword, readSearchHistory } from '../lib/search-history.ts';
import styles from './search-page.module.css';

function positiveInt(raw: string | null | undefined): number | undefined {
  const value = Number(raw);
  return raw && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function ResultSummary({ total, keyword }: { total: number | undefined; keyword: string }) {
  if (total == null) return null;
  return (
    <p className={styles.summary}>
      找到 <strong>{total}</strong> 门与“{keyword}”相关的课程
    </p>
  );
}

/** Search in the whole catalogue (/search) or inside one corporate's courses (/corSearch). */
function SearchView({ scope }: { scope: 'all' | 'corporate' }) {
  usePageTitle(scope === 'corporate' ? '企业课程搜索' : '搜索');
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const vip = useCorporateVip();
  // /corSearch without an id searches the corporate the learner last visited.
  const corporateId = scope === 'corporate' ? (positiveInt(searchParams.get('corporateId')) ?? vip.currentCorId ?? undefined) : undefined;
  const urlKeyword = normalizeKeyword(searchParams.get('keyword'));
  const [history, setHistory] = useState(readSearchHistory);
  const hot = useHotSearches({ enabled: scope === 'all' });

  const memoryParams = useMemo(() => toMemoryParams({ keyword: urlKeyword, corporateId }), [urlKeyword, corporateId]);
  const keywordReady = urlKeyword !== '';
  const results = useCourses({ keyword: urlKeyword, corporateId }, { enabled: keywordReady });
  const corporateCourses = useCorporateVipCourses(keywordReady ? undefined : corporateId);
  const memory = useListMemory('search', memoryParams, keywordReady ? results.isSuccess : corporateCourses.isSuccess);

  // Back from a course page on an address without the keyword (e.g. an old link): take it from memory.
  // Only on that came-back entry: the page stays mounted when the learner later opens /search
  // afresh, and that visit must show the history, not the old keyword again.
  const cameBack = memory.restored != null && memory.restored.locationKey === location.key ? memory.restored : null;
  const restoredKeyword = normalizeKeyword(cameBack?.params.keyword);
  const keyword = urlKeyword || restoredKeyword;
  const restoredParams = cameBack?.params;
  useEffect(() => {
    if (!urlKeyword && restoredKeyword && restoredParams) setSearchParams(restoredParams, { replace: true });
  }, [urlKeyword, restoredKeyword, restoredParams, setSearchParams]);

  const handleSearch = useCallback(
    (raw: string) => {
      const next = normalizeKeyword(raw);
      if (!next) return;
      setHistory(addSearchHistory(next));
      setSearchParams(toMemoryParams({ corporateId, keyword: next }), { replace: true });
    },
    [corporateId, setSearchParams],
  );

  const handleCancel = () => {
    if (location.key === 'default') navigate(paths.home.path, { replace: true });
    else navigate(-1);
  };

  if (scope === 'corporate' && corporateId == null) return <NoCorporate onCancel={handleCancel} />;

  return (
    <div className={styles.page}>
      <SearchBox
        value={keyword}
        placeholder={scope === 'corporate' ? '搜索本企业课程' : undefined}
        onSearch={handleSearch}
        onCancel={handleCancel}
        autoFocus={!keyword}
      />
      <main className={styles.main} onClickCapture={memory.handleClickCapture}>
        {keywordReady ? (
          <CourseList
            query={results}
            header={<ResultSummary total={results.data?.pages[0]?.total} keyword={urlKeyword} />}
            emptyTitle="没有找到相关课程"
            emptyDescription="换个关键词试试，比如“反洗钱”“票据”"
          />
        ) : (
          <>
            <KeywordPanel
              history={history}
              hot={scope === 'all' ? hot.data : undefined}
              onPick={handleSearch}
              onClearHistory={() => {
                clearSearchHistory();
                setHistory([]);
              }}
            />
            {corporateId != null && (
              <section className={styles.corporate} aria-label="企业课程">
                <h2 className={styles.sectionTitle}>企业课程</h2>
                <CourseList query={corporateCourses} onRefresh={false} emptyTitle="本企业暂无课程" />
              </section>
            )}
          </>
        )}
      </main>
    </div>
  );
}

/**
 * /corSearch for a learner in no corporate (or a link without its corporate): say so, and send a
 * search to the whole catalogue instead of showing an empty page (issue 11 §10).
 */
function NoCorporate({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <SearchBox
        value=""
        placeholder="搜索全部课程"
        onSearch={(raw) => {
          const keyword = normalizeKeyword(raw);
          if (keyword) navigate(paths.search.getHref({ keyword }));
        }}
        onCancel={onCancel}
      />
      <main className={styles.main} data-testid="no-corporate">
        <EmptyState
          title="您还没有加入企业"
          description="企业课程搜索只对企业学员开放。加入企业后，可以在这里搜索本企业的课程。"
          action={
            <Link className={styles.allSearch} to={paths.search.getHref()}>
              搜索全部课程
            </Link>
          }
        />
      </main>
    </div>
  );
}

export function SearchPage() {
  return <SearchView scope="all" />;
}

export function CorSearchPage() {
  return <SearchView scope="corporate" />;
}
