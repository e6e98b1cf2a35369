import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '../../../lib/router.ts';
import { CourseCard } from '../../../components/course-card.tsx';
import { SearchIcon } from '../../../components/icons/search-icon.tsx';
import { PageHeader } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useCourses } from '../api/get-courses.ts';
import { useHotTags } from '../api/get-hot-tags.ts';
import { useSpecialVipCourses } from '../api/get-special-vip-courses.ts';
import { useSubjects } from '../api/get-subjects.ts';
import { CatalogSection } from '../components/catalog-section.tsx';
import { CourseList } from '../components/course-list.tsx';
import { SubjectGrid } from '../components/subject-grid.tsx';
import { TagCloud } from '../components/tag-cloud.tsx';
import { useListMemory } from '../hooks/use-list-memory.ts';
import styles from './discovery-page.module.css';

const FEED = { sort: 'popular' } as const;

/** /discovery (发现, the "found" page): subjects, hot tags, member deals and the popular feed. */
export function DiscoveryPage() {
  usePageTitle('发现');
  const queryClient = useQueryClient();
  const subjects = useSubjects();
  const tags = useHotTags(12);
  const deals = useSpecialVipCourses();
  const feed = useCourses(FEED);
  const memoryParams = useMemo(() => ({ sort: FEED.sort }), []);
  const memory = useListMemory('found', memoryParams, feed.isSuccess);

  const handleRefresh = useCallback(
    () =>
      Promise.all([
        queryClient.refetchQueries({ queryKey: ['catalog', 'subjects'] }),
        queryClient.refetchQueries({ queryKey: ['catalog', 'tags'] }),
        queryClient.refetchQueries({ queryKey: ['catalog', 'courses', 'special_vip'] }),
        feed.refetch(),
      ]),
    [queryClient, feed],
  );

  const dealRows = deals.data?.rows ?? [];

  return (
    <div className={styles.page}>
      <PageHeader
        title="发现"
        back={false}
        right={
          <Link to={paths.search.getHref()} className={styles.searchLink} aria-label="搜索">
            <SearchIcon size={22} />
          </Link>
        }
      />
      <div onClickCapture={memory.handleClickCapture}>
        <CourseList
          query={feed}
          onRefresh={handleRefresh}
          header={
            <>
              <CatalogSection
                title="学科分类"
                extra={
                  <Link to={paths.selectCourses.getHref()} className={styles.more}>
                    选课中心
                  </Link>
                }
              >
                <SubjectGrid subjects={subjects.data} />
              </CatalogSection>
              {tags.data && tags.data.length > 0 && (
                <CatalogSection title="热门标签">
                  <TagCloud tags={tags.data} />
                </CatalogSection>
              )}
              {dealRows.length > 0 && (
                <CatalogSection
                  title="会员特惠"
                  extra={
                    <Link to={paths.classification.getHref({ listType: 3 })} className={styles.more}>
                      全部
                    </Link>
                  }
                >
                  <div className={styles.strip}>
                    {dealRows.slice(0, 8).map((course) => (
                      <div key={course.courseId} className={styles.stripItem}>
                        <CourseCard course={course} layout="grid" />
                      </div>
                    ))}
                  </div>
                </CatalogSection>
              )}
              <h2 className={styles.feedTitle}>大家都在学</h2>
            </>
          }
        />
      </div>
    </div>
  );
}
