import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { resizeImage } from '../../../lib/image.ts';
import { useLastListened } from '../api/get-listen-records.ts';
import styles from './continue-learning.module.css';

function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** "继续学习": the course I listened to last, how far I got, one tap back into it. Nothing when there is none. */
export function ContinueLearning() {
  const last = useLastListened();
  const item = last.data;
  if (!item) return null;
  const href = paths.courseDetail.getHref({ courseId: item.course.courseId });
  return (
    <section className={styles.strip} aria-label="继续学习" data-testid="continue-learning">
      <header className={styles.head}>
        <h2>继续学习</h2>
        <Link to={paths.studyRecord.getHref()} className={styles.more}>
          学习记录 ›
        </Link>
      </header>
      <Link to={href} className={styles.card}>
        <span className={styles.cover}>
          {item.course.cover ? <img src={resizeImage(item.course.cover, { width: 160, height: 100 })} alt="" /> : '金法'}
        </span>
        <span className={styles.body}>
          <span className={styles.title}>{item.course.name}</span>
          <span className={styles.where}>
            {item.finished ? '已学完' : `${item.chapterTitle ? `${item.chapterTitle} · ` : ''}学到 ${clock(item.position)}`}
          </span>
          <span className={styles.bar} role="progressbar" aria-label="学习进度" aria-valuenow={item.progressPercent} aria-valuemin={0} aria-valuemax={100}>
            <span style={{ width: `${item.progressPercent}%` }} />
          </span>
        </span>
        <span className={styles.go}>{item.progressPercent}%</span>
      </Link>
    </section>
  );
}
