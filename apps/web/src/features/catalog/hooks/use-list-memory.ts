import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from '../../../lib/router.ts';
import { cameBackMemory, saveListMemory, type ListMemory, type MemoryPage, type MemoryParams } from '../lib/list-memory.ts';

interface ListMemoryHandle {
  /** The memory restored on this visit (the learner came back from a course page), else null. */
  restored: ListMemory | null;
  /** Put on the list's container: a tap on a course card marks the leave as "to a course". */
  handleClickCapture: (event: React.MouseEvent) => void;
}

/**
 * Remember a list page's parameters and scroll position across a trip to a course page, and put
 * the scroll back once the list is on screen again (`ready`).
 */
export function useListMemory(page: MemoryPage, params: MemoryParams, ready: boolean): ListMemoryHandle {
  const location = useLocation();
  const locationKey = location.key;
  const [restored] = useState(() => cameBackMemory(page, locationKey));
  const scrollY = useRef(0);
  const toCourse = useRef(false);
  const paramsRef = useRef(params);
  const pending = useRef(restored != null && restored.scrollY > 0);

  useEffect(() => {
    paramsRef.current = params;
  }, [params]);

  useEffect(() => {
    const handleScroll = () => {
      scrollY.current = window.scrollY;
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, []);

  // A layout cleanup runs before the next page's "scroll to top", so scrollY is still ours.
  useLayoutEffect(
    () => () => {
      saveListMemory(page, {
        params: paramsRef.current,
        scrollY: toCourse.current ? scrollY.current : 0,
        locationKey,
        toCourse: toCourse.current,
      });
      toCourse.current = false;
    },
    [page, locationKey],
  );

  useEffect(() => {
    if (!ready || !pending.current || !restored) return;
    // After the router's own scroll-to-top and after the rows are laid out.
    const frame = window.requestAnimationFrame(() => {
      pending.current = false;
      window.scrollTo(0, restored.scrollY);
      scrollY.current = restored.scrollY;
    });
    return () => window.cancelAnimationFrame(frame);
  }, [ready, restored]);

  const handleClickCapture = useCallback((event: React.MouseEvent) => {
    const target = event.target as Element | null;
    if (target?.closest?.('[data-testid="course-card"]')) {
      toCourse.current = true;
      scrollY.current = window.scrollY;
    }
  }, []);

  return { restored, handleClickCapture };
}
