import type { Chapter } from '@jinfa/shared/schemas';
import { SkeletonLines } from '../../../components/skeleton.tsx';
import { clockLabel } from '../lib/course-labels.ts';
import { LockIcon, PlayIcon } from './course-icons.tsx';
import styles from './chapter-list.module.css';

interface ChapterListProps {
  chapters: Chapter[] | undefined;
  loading: boolean;
  owned: boolean;
}

/** The chapters of a series; free-trial chapters carry 试听, the rest a lock until owned. */
export function ChapterList({ chapters, loading, owned }: ChapterListProps) {
  if (loading) return <SkeletonLines lines={4} />;
  if (!chapters || chapters.length === 0) return <p className={styles.empty}>章节正在更新中，敬请期待</p>;
  return (
    <ol className={styles.list} data-testid="chapter-list">
      {chapters.map((chapter, index) => {
        const open = owned || chapter.isFreeTrial;
        return (
          <li key={chapter.chapterId} className={styles.item} data-testid="chapter">
            <span className={styles.index}>{String(index + 1).padStart(2, '0')}</span>
            <div className={styles.body}>
              <p className={styles.title}>{chapter.title}</p>
              <p className={styles.meta}>
                {chapter.isFreeTrial && !owned && <span className={styles.trial}>试听</span>}
                <span>{chapter.durationSeconds == null ? '暂未更新' : clockLabel(chapter.durationSeconds)}</span>
              </p>
            </div>
            <span className={open ? styles.play : styles.lock} aria-label={open ? '可播放' : '购买后解锁'}>
              {open ? <PlayIcon size={22} /> : <LockIcon size={18} />}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
