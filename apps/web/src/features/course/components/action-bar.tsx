import type { CourseDetail } from '@jinfa/shared/schemas';
import { useNavigate } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useEnrollCourse } from '../api/enroll-course.ts';
import { HeartIcon } from './course-icons.tsx';
import styles from './action-bar.module.css';

interface ActionBarProps {
  course: CourseDetail;
  favorite: boolean;
  onToggleFavorite: () => void;
  /** Scroll to where learning starts (the chapters of a series, the introduction otherwise). */
  onStudy: () => void;
}

/** The fixed bottom bar: favourite, then buy / enroll / study depending on what the learner holds. */
export function ActionBar({ course, favorite, onToggleFavorite, onStudy }: ActionBarProps) {
  const navigate = useNavigate();
  const enroll = useEnrollCourse(course.courseId);

  let primary;
  if (course.owned) {
    // Opened by a membership rather than bought: say so, so the learner knows why there is no price.
    const through = course.accessBy === 'member' ? '会员免费学' : course.accessBy === 'corporate' ? '企业会员免费学' : null;
    primary = (
      <button type="button" className={styles.primary} data-testid="study-button" onClick={onStudy}>
        开始学习
        {through && <small className={styles.sub}>{through}</small>}
      </button>
    );
  } else if (course.isFree) {
    primary = (
      <button
        type="button"
        className={styles.primary}
        data-testid="enroll-button"
        disabled={enroll.isPending}
        onClick={() =>
          enroll.mutate(undefined, {
            onSuccess: () => toast.success('已加入我的课程'),
          })
        }
      >
        {enroll.isPending ? '请稍候…' : '免费学习'}
      </button>
    );
  } else {
    primary = (
      // The sign-up page (features/orders) creates the order and runs the pay bridge; login is
      // required there, so an anonymous learner is sent to log in first and comes back.
      <button
        type="button"
        className={`${styles.primary} ${styles.buy}`}
        data-testid="buy-button"
        onClick={() => navigate(paths.courseSignup.getHref({ courseId: course.courseId }))}
      >
        立即购买 ¥{course.priceYuan}
        {course.vipPriceYuan != null && !course.memberFree && <small className={styles.sub}>会员¥{course.vipPriceYuan}</small>}
        {course.memberFree && <small className={styles.sub}>会员免费</small>}
      </button>
    );
  }

  return (
    <div className={styles.bar}>
      <div className={styles.inner}>
        <button
          type="button"
          className={favorite ? `${styles.fav} ${styles.faved}` : styles.fav}
          aria-pressed={favorite}
          aria-label={favorite ? '取消收藏' : '收藏'}
          data-testid="favorite-button"
          onClick={onToggleFavorite}
        >
          <HeartIcon size={22} filled={favorite} />
          <span>{favorite ? '已收藏' : '收藏'}</span>
        </button>
        {primary}
      </div>
    </div>
  );
}
