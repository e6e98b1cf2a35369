import type { ReactNode } from 'react';
import type { CourseDetail } from '@jinfa/shared/schemas';
import { resizeImage } from '../../../lib/image.ts';
import { countLabel, durationLabel, lecturerLine, levelLabel } from '../lib/course-labels.ts';
import { Avatar } from './avatar.tsx';
import styles from './course-summary.module.css';

/** What an owned course says instead of its price: how the learner came to hold it. */
function ownedLabel(course: CourseDetail): string {
  if (course.accessBy === 'member') return '会员免费学';
  if (course.accessBy === 'corporate') return '企业会员免费学';
  return '已购买';
}

function PriceRow({ course }: { course: CourseDetail }) {
  // Owned (bought, granted, or opened by a membership): no price to weigh any more, a quiet note.
  if (course.owned && !course.isFree) {
    return (
      <div className={styles.priceRow} data-testid="course-owned">
        <span className={styles.owned}>{ownedLabel(course)}</span>
      </div>
    );
  }
  if (course.isFree) {
    return (
      <div className={styles.priceRow}>
        <span className={styles.free}>免费</span>
      </div>
    );
  }
  return (
    <div className={styles.priceRow} data-testid="course-price">
      <span className={styles.price}>
        <small>¥</small>
        {course.priceYuan}
      </span>
      {course.originalPrice > course.price && <s className={styles.original}>¥{course.originalPriceYuan}</s>}
      {course.vipPriceYuan != null && !course.memberFree && (
        <span className={styles.vip}>
          <span className={styles.vipLabel}>会员价</span>¥{course.vipPriceYuan}
        </span>
      )}
      {course.memberFree && (
        <span className={styles.vip}>
          <span className={styles.vipLabel}>VIP</span>会员免费
        </span>
      )}
    </div>
  );
}

/** Cover (or the player, `media`), title, price and facts of a course, then who teaches it. */
export function CourseSummary({ course, media }: { course: CourseDetail; media?: ReactNode }) {
  const level = levelLabel(course.courseLevel);
  const lecturer = lecturerLine({
    company: course.lecturerCompany,
    department: course.lecturerDepartment,
    position: course.lecturerPosition,
  });
  return (
    <>
      {media ?? (
        <div className={styles.cover}>
          {course.cover ? (
            <img src={resizeImage(course.cover, { width: 750, height: 422 })} alt="" decoding="async" />
          ) : (
            <span className={styles.coverFallback} aria-hidden="true">
              金法课堂
            </span>
          )}
          {course.isSeries && <span className={styles.badge}>系列课 · {course.chapterCount}讲</span>}
          {course.mediaType === 2 && !course.isSeries && <span className={styles.badge}>音频课</span>}
        </div>
      )}

      <section className={styles.info}>
        <h2 className={styles.title}>{course.name}</h2>
        {course.subtitle && <p className={styles.subtitle}>{course.subtitle}</p>}
        <PriceRow course={course} />
        <ul className={styles.facts} aria-label="课程信息">
          {level && (
            <li>
              <span className={styles.level}>{level}</span>
            </li>
          )}
          <li data-testid="course-duration">{course.isSeries ? `共${course.chapterCount}讲 · ` : ''}{durationLabel(course.durationSeconds)}</li>
          <li>{countLabel(course.learnersCount)}人学过</li>
          {course.subjectName && <li>{course.subjectName}</li>}
        </ul>
        {course.tags.length > 0 && (
          <p className={styles.tags}>
            {course.tags.map((tag) => (
              <span key={tag.tagId} className={styles.tag}>
                # {tag.tagName}
              </span>
            ))}
          </p>
        )}
      </section>

      {course.lecturerName && (
        <section className={styles.lecturer} aria-label="讲师">
          <Avatar name={course.lecturerName} src={course.lecturerAvatar} size={48} />
          <div className={styles.lecturerText}>
            <p className={styles.lecturerName}>
              {course.lecturerName}
              <span className={styles.lecturerBadge}>讲师</span>
            </p>
            {lecturer && <p className={styles.lecturerLine}>{lecturer}</p>}
            {course.lecturerIntro && <p className={styles.lecturerIntro}>{course.lecturerIntro}</p>}
          </div>
        </section>
      )}
    </>
  );
}
