import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown, ticking once a second; `start(n)` (re)starts it. */
export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState(0);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (endsAt === 0) return;
    const tick = () => {
      const rest = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(rest);
      if (rest === 0) setEndsAt(0);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    if (seconds > 0) setEndsAt(Date.now() + seconds * 1000);
  }, []);

  return { left, start };
}
