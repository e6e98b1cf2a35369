import type { CourseCard as CourseCardData } from '@jinfa/shared/schemas';
import { COURSE_LEVEL_LABELS } from '@jinfa/shared/enums';
import { Link } from '../lib/router.ts';
import { paths } from '../config/paths.ts';
import { cx } from '../lib/cx.ts';
import { resizeImage } from '../lib/image.ts';
import styles from './course-card.module.css';

export type CourseCardLayout = 'row' | 'grid';

interface CourseCardProps {
  course: CourseCardData;
  layout?: CourseCardLayout;
  /** Tracking ids carried onto the course page (spec §2). */
  suid?: string | number;
  tid?: string | number;
  /** A smaller row for narrow columns (a list beside a sidebar): smaller cover, no tag line. */
  dense?: boolean;
}

const LEVELS = COURSE_LEVEL_LABELS;

/** Fen → "299.00" (integers only; the server also sends priceYuan for list prices). */
export function fenToYuan(fen: number): string {
  return (Math.max(0, Math.round(fen)) / 100).toFixed(2);
}

/** "1小时05分" / "38分钟" / "暂未更新" (spec: a null duration means not yet updated). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null) return '暂未更新';
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes}分钟`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}小时${String(m).padStart(2, '0')}分` : `${h}小时`;
}

/** 12345 → "1.2万". */
export function formatCount(count: number): string {
  if (count >= 10_000) return `${(count / 10_000).toFixed(count >= 100_000 ? 0 : 1).replace(/\.0$/, '')}万`;
  return String(Math.max(0, count));
}

function CoverMeta({ course }: { course: CourseCardData }) {
  const text =
    course.courseType === 2
      ? `${course.chapterCount}讲`
      : course.durationSeconds == null
        ? '暂未更新'
        : formatDuration(course.durationSeconds);
  return <span className={styles.coverMeta}>{text}</span>;
}

function Price({ course }: { course: CourseCardData }) {
  if (course.isFree) return <span className={cx(styles.price, styles.free)}>免费</span>;
  return (
    <span className={styles.priceWrap}>
      <span className={styles.price}>
        <small>¥</small>
        {course.priceYuan}
      </span>
      {course.memberFree ? (
        <span className={styles.memberTag}>会员免费</span>
      ) : course.vipPriceYuan ? (
        <span className={styles.memberTag}>会员¥{course.vipPriceYuan}</span>
      ) : course.originalPrice > course.price ? (
        <s className={styles.original}>¥{fenToYuan(course.originalPrice)}</s>
      ) : null}
    </span>
  );
}

/**
 * THE course list item of every list in the app: a row (cover left) or a grid tile (cover on
 * top). The whole card is one link to the course page; `data-testid=course-card` marks it for
 * the end-to-end journeys, `data-track` for the tracker.
 */
export function CourseCard({ course, layout = 'row', suid, tid, dense = false }: CourseCardProps) {
  const href = paths.courseDetail.getHref({ courseId: course.courseId, suid, tid });
  const grid = layout === 'grid';
  // Narrow cards put the learner count beside the lecturer's name rather than in the foot.
  const metaLine = grid || dense;
  const cover = course.cover ? resizeImage(course.cover, grid ? { width: 344, height: 194 } : { width: 256, height: 160 }) : '';
  const lecturer = metaLine ? course.lecturerName : [course.lecturerName, course.lecturerPosition].filter(Boolean).join(' · ');
  const learners = <span className={styles.learners}>{formatCount(course.learnersCount)}人学过</span>;
  return (
    // data-track: click-through stats (lib/tracker), elementId `course-card` with the course id.
    <Link
      to={href}
      className={cx(styles.card, grid ? styles.grid : styles.row, dense && !grid && styles.dense)}
      data-testid="course-card"
      data-track="course-card"
      data-track-course-id={course.courseId}
    >
      <div className={styles.cover}>
        {cover ? (
          <img src={cover} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className={styles.coverFallback} aria-hidden="true">
            金法
          </span>
        )}
        {course.courseType === 2 && <span className={styles.seriesBadge}>系列课</span>}
        {course.mediaType === 2 && course.courseType !== 2 && <span className={styles.seriesBadge}>音频</span>}
        <CoverMeta course={course} />
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>{course.name}</h3>
        {metaLine ? (
          <p className={styles.meta}>
            <span className={styles.lecturer}>{lecturer}</span>
            {learners}
          </p>
        ) : (
          lecturer && <p className={styles.lecturer}>{lecturer}</p>
        )}
        {!grid && !dense && (course.tags.length > 0 || LEVELS[course.courseLevel]) && (
          <p className={styles.tags}>
            {LEVELS[course.courseLevel] && <span className={styles.level}>{LEVELS[course.courseLevel]}</span>}
            {course.tags.slice(0, 2).map((tag) => (
              <span key={tag} className={styles.tag}>
                {tag}
              </span>
            ))}
          </p>
        )}
        <div className={styles.foot}>
          <Price course={course} />
          {!metaLine && learners}
        </div>
      </div>
    </Link>
  );
}

/** Placeholder of a course card while its list loads. */
export function CourseCardSkeleton({ layout = 'row' }: { layout?: CourseCardLayout }) {
  return (
    <div className={cx(styles.card, styles.skeleton, layout === 'grid' ? styles.grid : styles.row)} aria-hidden="true">
      <div className={cx(styles.cover, styles.shimmer)} />
      <div className={styles.body}>
        <span className={cx(styles.bar, styles.shimmer)} />
        <span className={cx(styles.bar, styles.shimmer, styles.barShort)} />
        <span className={cx(styles.bar, styles.shimmer, styles.barTiny)} />
      </div>
    </div>
  );
}
