import { useEffect, useRef, useState } from 'react';
import strip from '../../../components/tab-strip.module.css';
import styles from './anchor-nav.module.css';

export interface Anchor {
  id: string;
  label: string;
}

/** Page header (46) + this strip (44): where the bars end once the strip is stuck. */
const FALLBACK_BARS = 90;
/** A section counts as being read once its heading has reached the bars (heading height and a bit). */
const HEADING = 48;

/** Where the sticky bars end when stuck: the strip's sticky `top` plus its own height. */
function stuckBottom(nav: HTMLElement | null): number {
  if (!nav) return FALLBACK_BARS;
  const top = Number.parseFloat(getComputedStyle(nav).top);
  const height = nav.offsetHeight;
  return Number.isFinite(top) && height > 0 ? top + height : FALLBACK_BARS;
}

/** The last section whose top has come up to the sticky bars (the first one until any has). */
export function activeAnchor(anchors: Anchor[], barsBottom: number): string {
  let current = anchors[0]?.id ?? '';
  for (const anchor of anchors) {
    const el = document.getElementById(anchor.id);
    if (el && el.getBoundingClientRect().top <= barsBottom + HEADING) current = anchor.id;
  }
  return current;
}

/**
 * Sticky 简介 / 目录 / 评价 anchors under the header. Tapping scrolls the section to just under
 * the sticky bars; scrolling highlights the section being read (measured against where the bars
 * end, so a section whose heading sits just under them is the active one).
 */
export function AnchorNav({ anchors }: { anchors: Anchor[] }) {
  const [active, setActive] = useState(anchors[0]?.id ?? '');
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(activeAnchor(anchors, stuckBottom(navRef.current))));
    };
    // Also at once: a page restored scrolled down (back navigation) sends no scroll event.
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [anchors]);

  const handleClick = (id: string) => {
    setActive(id);
    const el = document.getElementById(id);
    if (!el) return;
    // Not scrollIntoView: that puts the section's heading under the sticky bars.
    const top = el.getBoundingClientRect().top + window.scrollY - stuckBottom(navRef.current);
    window.scrollTo?.({ top: Math.max(0, top), behavior: 'smooth' });
  };

  return (
    <nav ref={navRef} className={`${strip.strip} ${styles.nav}`} aria-label="课程导航">
      {anchors.map((anchor) => (
        <button
          key={anchor.id}
          type="button"
          className={anchor.id === active ? `${strip.tab} ${strip.active}` : strip.tab}
          aria-current={anchor.id === active ? 'true' : undefined}
          onClick={() => handleClick(anchor.id)}
        >
          {anchor.label}
        </button>
      ))}
    </nav>
  );
}
