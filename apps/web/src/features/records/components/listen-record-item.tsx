import SwipeAction from 'antd-mobile/es/components/swipe-action';
import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { relativeTime } from '../../../lib/date.ts';
import { resizeImage } from '../../../lib/image.ts';
import type { ListenRecord } from '../api/get-listen-records.ts';
import { formatClock, formatMinutes } from '../lib/stats.ts';
import styles from './listen-record-item.module.css';

interface Props {
  item: ListenRecord;
  now: number;
  onHide: (courseId: number) => void;
}

/** One listened course: where I stopped, how far I am, minutes played; swipe left to remove it. */
export function ListenRecordItem({ item, now, onHide }: Props) {
  const { course } = item;
  const href = paths.courseDetail.getHref({ courseId: course.courseId });
  const where = item.finished ? '已学完' : `${item.chapterTitle ? `${item.chapterTitle} · ` : ''}学到 ${formatClock(item.position)}`;
  return (
    <SwipeAction
      rightActions={[{ key: 'hide', text: '删除', color: 'danger', onClick: () => onHide(course.courseId) }]}
      closeOnAction
    >
      <article className={styles.item} data-testid="listen-record">
        <Link to={href} className={styles.cover} aria-hidden="true" tabIndex={-1}>
          {course.cover ? <img src={resizeImage(course.cover, { width: 224, height: 140 })} alt="" loading="lazy" /> : <span>金法</span>}
        </Link>
        <div className={styles.body}>
          <Link to={href} className={styles.title}>
            {course.name}
          </Link>
          <p className={styles.where}>{where}</p>
          <div className={styles.progress} role="progressbar" aria-label="学习进度" aria-valuenow={item.progressPercent} aria-valuemin={0} aria-valuemax={100}>
            <span style={{ width: `${item.progressPercent}%` }} />
          </div>
          <p className={styles.meta}>
            <span>已学 {item.progressPercent}%</span>
            <span>收听 {formatMinutes(item.minutes)}</span>
            <span>{relativeTime(item.lastListenedAt, now)}</span>
          </p>
        </div>
        <Link to={href} className={styles.continue}>
          {item.finished ? '再学一遍' : '继续学习'}
        </Link>
      </article>
    </SwipeAction>
  );
}
