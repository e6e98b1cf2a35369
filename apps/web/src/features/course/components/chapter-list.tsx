import type { Chapter } from '@jinfa/shared/schemas';
import type { ListenProgress } from '../../player/index.ts';
import { SkeletonLines } from '../../../components/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { Link } from '../../../lib/router.ts';
import { clockLabel } from '../lib/course-labels.ts';
import { CheckIcon, LockIcon, PlayIcon } from './course-icons.tsx';
import styles from './chapter-list.module.css';

interface ChapterListProps {
  chapters: Chapter[] | undefined;
  loading: boolean;
  owned: boolean;
  /** The chapter in the player. */
  currentId?: number | null;
  /** A tap on a chapter: play it (free trial, owned) or the buy flow (course page decides). */
  onSelect?: (chapter: Chapter) => void;
  /** The learner's listen_progress (logged in only): 已学完 / 学到 X% per chapter. */
  progress?: ListenProgress['chapters'];
}

type ChapterMark = { kind: 'done' } | { kind: 'started'; percent: number } | null;

/** 已学完 for a finished chapter, 学到 X% (1–99) for one started, nothing otherwise. */
export function chapterMark(chapter: Chapter, progress: ListenProgress['chapters'] | undefined): ChapterMark {
  const entry = progress?.find((p) => p.chapterId === chapter.chapterId);
  if (!entry) return null;
  if (entry.finished) return { kind: 'done' };
  const position = Number(entry.position) || 0;
  const duration = entry.duration != null && entry.duration > 0 ? entry.duration : (chapter.durationSeconds ?? 0);
  if (position <= 0 || duration <= 0) return null;
  return { kind: 'started', percent: Math.min(99, Math.max(1, Math.floor((position / duration) * 100))) };
}

/** The chapters of a series; free-trial chapters carry 试听, the rest a lock until owned. */
export function ChapterList({ chapters, loading, owned, currentId, onSelect, progress }: ChapterListProps) {
  if (loading) return <SkeletonLines lines={4} />;
  if (!chapters || chapters.length === 0) return <p className={styles.empty}>章节正在更新中，敬请期待</p>;
  return (
    <ol className={styles.list} data-testid="chapter-list">
      {chapters.map((chapter, index) => {
        const open = owned || chapter.isFreeTrial;
        const current = currentId === chapter.chapterId;
        const mark = chapterMark(chapter, progress);
        return (
          <li
            key={chapter.chapterId}
            className={current ? `${styles.item} ${styles.current}` : styles.item}
            data-testid="chapter"
            aria-current={current ? 'true' : undefined}
            role={onSelect ? 'button' : undefined}
            tabIndex={onSelect ? 0 : undefined}
            onClick={onSelect ? () => onSelect(chapter) : undefined}
            onKeyDown={
              onSelect
                ? (e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      onSelect(chapter);
                    }
                  }
                : undefined
            }
          >
            <span className={styles.index}>{String(index + 1).padStart(2, '0')}</span>
            <div className={styles.body}>
              <p className={styles.title}>{chapter.title}</p>
              <p className={styles.meta}>
                {current && <span className={styles.playing}>播放中</span>}
                {chapter.isFreeTrial && !owned && <span className={styles.trial}>试听</span>}
                <span>{chapter.durationSeconds == null ? '暂未更新' : clockLabel(chapter.durationSeconds)}</span>
                {mark?.kind === 'done' && (
                  <span className={styles.done} data-testid="chapter-done">
                    <CheckIcon size={12} />
                    已学完
                  </span>
                )}
                {mark?.kind === 'started' && (
                  <span className={styles.started} data-testid="chapter-progress">
                    学到 {mark.percent}%
                  </span>
                )}
                {/* Sold one by one (kind 2, decision 013): buy just this chapter. */}
                {!open && chapter.price > 0 && (
                  <Link
                    className={styles.buyOne}
                    to={paths.courseSignup.getHref({ chapterId: chapter.chapterId })}
                    onClick={(e) => e.stopPropagation()}
                    data-testid="chapter-buy"
                  >
                    购买本节 ¥{chapter.priceYuan}
                  </Link>
                )}
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
