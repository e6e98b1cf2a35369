import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { existPptQueryOptions } from '../api/get-exist-ppt.ts';
import { pptImagesQueryOptions, slideAt } from '../api/get-ppt-images.ts';
import { ChevronRightIcon } from '../../../components/icons/chevron-right-icon.tsx';
import styles from './slides-panel.module.css';

/**
 * The course's slides (`exist_ppt`, then `ppt_images`) under the player: swipe through them (or
 * the ‹ › beside the page count, kept off the slide so they never cover its text);
 * slides that carry a start time follow the playhead unless the learner has just swiped.
 */
export function SlidesPanel({ courseId, chapterId, time }: { courseId: number; chapterId: number | null; time: number }) {
  const exists = useQuery(existPptQueryOptions(courseId));
  const images = useQuery({ ...pptImagesQueryOptions(courseId, chapterId), enabled: exists.data === true });
  const slides = (images.data ?? []).filter((s) => s.chapterId == null || chapterId == null || s.chapterId === chapterId);
  const [index, setIndex] = useState(0);
  const touchedAt = useRef(0);
  const swipeFrom = useRef<number | null>(null);
  const follow = slideAt(slides, time);

  useEffect(() => {
    // Follow the playhead, unless the learner browsed the slides in the last 8 seconds.
    if (follow >= 0 && Date.now() - touchedAt.current > 8000) setIndex(follow);
  }, [follow]);

  if (exists.data !== true) return null;
  // The course has slides: keep their frame from the first render so nothing below jumps when
  // the images arrive (or turn out to be locked for a learner who hasn't bought the course).
  if (slides.length === 0) {
    // Loaded and none for this chapter: nothing to keep room for.
    if (images.isSuccess) return null;
    const locked = images.isError;
    return (
      <section className={styles.panel} aria-label="课件" data-testid="slides-panel" aria-busy={images.isPending}>
        <div className={styles.head}>
          <span className={styles.title}>课件</span>
        </div>
        <div className={`${styles.frame} ${styles.placeholder}`}>{locked ? <span>购买后可查看课件</span> : null}</div>
      </section>
    );
  }
  const current = Math.min(index, slides.length - 1);
  const go = (to: number) => {
    touchedAt.current = Date.now();
    setIndex(Math.max(0, Math.min(slides.length - 1, to)));
  };
  const handleTouchStart = (e: TouchEvent) => {
    swipeFrom.current = e.touches[0]?.clientX ?? null;
  };
  const handleTouchEnd = (e: TouchEvent) => {
    const from = swipeFrom.current;
    const to = e.changedTouches[0]?.clientX;
    swipeFrom.current = null;
    if (from == null || to == null || Math.abs(to - from) < 40) return;
    go(to < from ? current + 1 : current - 1);
  };
  return (
    <section className={styles.panel} aria-label="课件" data-testid="slides-panel">
      <div className={styles.head}>
        <span className={styles.title}>课件</span>
        <div className={styles.pager}>
          <button type="button" className={styles.step} aria-label="上一页" disabled={current === 0} onClick={() => go(current - 1)}>
            <ChevronRightIcon size={18} className={styles.flip} />
          </button>
          <span className={styles.count}>
            {current + 1} / {slides.length}
          </span>
          <button type="button" className={styles.step} aria-label="下一页" disabled={current === slides.length - 1} onClick={() => go(current + 1)}>
            <ChevronRightIcon size={18} />
          </button>
        </div>
      </div>
      <div className={styles.frame} onTouchStart={handleTouchStart} onTouchEnd={handleTouchEnd}>
        <img src={slides[current]!.url} alt={`第${current + 1}页课件`} decoding="async" draggable={false} />
      </div>
    </section>
  );
}
