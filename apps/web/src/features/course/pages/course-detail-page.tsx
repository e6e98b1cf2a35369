import { PullToRefresh } from '../../../components/pull-to-refresh.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { Chapter } from '@jinfa/shared/schemas';
import { useNavigate, useSearchParams } from '../../../lib/router.ts';
import { useStoredToken } from '../../../lib/auth-store.ts';
import { Page } from '../../../components/page.tsx';
import { SkeletonBlock, SkeletonLines } from '../../../components/skeleton.tsx';
import { useCourse } from '../api/get-course.ts';
import { useFavoriteCheck } from '../api/get-favorite-check.ts';
import { useSeries } from '../api/get-series.ts';
import { recordVisit } from '../api/record-visit.ts';
import { useToggleFavorite } from '../api/toggle-favorite.ts';
import { ActionBar } from '../components/action-bar.tsx';
import { AnchorNav, type Anchor } from '../components/anchor-nav.tsx';
import { AppraisalSection } from '../components/appraisal-section.tsx';
import { ChapterList } from '../components/chapter-list.tsx';
import { CommentSection } from '../components/comment-section.tsx';
import { CourseSummary } from '../components/course-summary.tsx';
import { CourseUnavailable, MissingCourse } from '../components/course-unavailable.tsx';
import { LearnersStrip } from '../components/learners-strip.tsx';
import { RelatedSection } from '../components/related-section.tsx';
import { RichText } from '../components/rich-text.tsx';
import { parseId } from '../lib/course-labels.ts';
import { paths } from '../../../config/paths.ts';
import { ShareButton, useShare } from '../../share/index.ts';
import { CoursePlayer, existPptQueryOptions, listenProgressQueryOptions, useCoursePlayback } from '../../player/index.ts';
import bar from '../components/action-bar.module.css';
import { Section } from '../components/section.tsx';
import styles from './course-detail-page.module.css';

const INTRO = 'course-intro';
const CHAPTERS = 'course-chapters';
const APPRAISALS = 'course-appraisals';

function CourseSkeleton() {
  return (
    <div aria-busy="true" aria-label="加载中">
      <SkeletonBlock height="auto" radius={0} style={{ aspectRatio: '16 / 9' }} />
      <div className={styles.skeletonInfo}>
        <SkeletonBlock width="80%" height={20} />
        <SkeletonBlock width="40%" height={24} style={{ marginTop: 14 }} />
        <SkeletonBlock width="60%" height={12} style={{ marginTop: 14 }} />
      </div>
      <div className={styles.skeletonInfo}>
        <SkeletonLines lines={4} />
      </div>
    </div>
  );
}

function CourseBody({ courseId }: { courseId: number }) {
  const queryClient = useQueryClient();
  const course = useCourse(courseId);
  const slidesKnown = useQuery(existPptQueryOptions(courseId));
  const detail = course.data;
  const series = useSeries(courseId, detail?.isSeries === true);
  // The detail carries `isFavorite` for a logged-in caller; ask separately only when it doesn't.
  const check = useFavoriteCheck(courseId, detail != null && detail.isFavorite === undefined);
  const toggle = useToggleFavorite(courseId);
  const navigate = useNavigate();
  // The player (features/player): which chapter plays, and whether the learner may play it.
  const playback = useCoursePlayback(detail, series.data);
  // 已学完 / 学到 X% in the chapter list: the player's own listen_progress query (one request), logged in only.
  const loggedIn = useStoredToken() != null;
  const progress = useQuery({ ...listenProgressQueryOptions(courseId), enabled: loggedIn && detail?.isSeries === true });
  const handleNeedBuy = useCallback(() => navigate(paths.courseSignup.getHref({ courseId })), [navigate, courseId]);
  const handleGotoApp = useCallback(() => navigate(paths.gotoApp.getHref()), [navigate]);
  // What WeChat's share menu sends for this page (spec §5: description without markup, cut to 200).
  useShare(
    detail
      ? { title: detail.name, desc: detail.subtitle || detail.detail, image: detail.cover, link: paths.courseDetail.getHref({ courseId }), courseId }
      : null,
  );

  useEffect(() => {
    recordVisit(courseId);
  }, [courseId]);

  const anchors = useMemo<Anchor[]>(
    () => [
      { id: INTRO, label: '简介' },
      ...(detail?.isSeries ? [{ id: CHAPTERS, label: '目录' }] : []),
      { id: APPRAISALS, label: '评价' },
    ],
    [detail?.isSeries],
  );

  // Whether the course has slides decides the layout under the player: ask in parallel with the
  // course and paint once both are known, so the sections below never shift (CLS).
  if (course.isPending || slidesKnown.isPending) return <CourseSkeleton />;
  if (course.isError) return <CourseUnavailable error={course.error} onRetry={() => void course.refetch()} />;

  const c = course.data;
  const favorite = c.isFavorite ?? check.data?.favorite ?? false;
  const handleRefresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['courses', courseId] });
    await queryClient.invalidateQueries({ queryKey: ['comments', courseId] });
  };
  const scrollToPlayer = () => window.scrollTo?.({ top: 0, behavior: 'smooth' });
  // 开始学习 plays where the learner left off (the player is at the top of the page).
  const handleStudy = () => {
    playback.select(playback.selection.chapterId, true);
    scrollToPlayer();
  };
  // A chapter: native-app-only → /gotoApp; locked → the buy flow; otherwise it plays.
  const handleChapter = (chapter: Chapter) => {
    if (c.nativeOnly) return handleGotoApp();
    if (playback.accessOf(chapter.chapterId) === 'no') return handleNeedBuy();
    playback.select(chapter.chapterId, true);
    scrollToPlayer();
  };

  return (
    <>
      <PullToRefresh onRefresh={handleRefresh}>
        <CourseSummary
          course={c}
          media={<CoursePlayer course={c} playback={playback} onNeedBuy={handleNeedBuy} onGotoApp={handleGotoApp} />}
        />
        <AnchorNav anchors={anchors} />
        <Section id={INTRO} anchor title="课程简介">
          <RichText html={c.detail} />
          <LearnersStrip courseId={courseId} learnersCount={c.learnersCount} />
        </Section>
        {c.isSeries && (
          <Section id={CHAPTERS} anchor title="课程目录" extra={`共${series.data?.length ?? c.chapterCount}讲`}>
            <ChapterList
              chapters={series.data}
              loading={series.isPending}
              owned={c.owned}
              currentId={playback.selection.chapterId}
              onSelect={handleChapter}
              progress={loggedIn ? progress.data?.chapters : undefined}
            />
          </Section>
        )}
        <AppraisalSection courseId={courseId} id={APPRAISALS} />
        <CommentSection courseId={courseId} />
        <RelatedSection courseId={courseId} />
        <div className={bar.spacer} />
      </PullToRefresh>
      <ActionBar
        course={c}
        favorite={favorite}
        onToggleFavorite={() => {
          if (!toggle.isPending) toggle.mutate(!favorite);
        }}
        onStudy={handleStudy}
      />
    </>
  );
}

/**
 * /course/detail, /course/child/detail and /course/play: the course page is also where the
 * course plays (spec §2): the player (features/player) sits where the cover would.
 */
export function CourseDetailPage() {
  const [params] = useSearchParams();
  const courseId = parseId(params.get('courseId'), params.get('id'));
  return (
    <Page title="课程详情" right={courseId == null ? undefined : <ShareButton courseId={courseId} />}>
      {courseId == null ? <MissingCourse /> : <CourseBody key={courseId} courseId={courseId} />}
    </Page>
  );
}
