import { useEffect, useState } from 'react';
import strip from '../../../components/tab-strip.module.css';
import styles from './anchor-nav.module.css';

export interface Anchor {
  id: string;
  label: string;
}

/**
 * Sticky 简介 / 目录 / 评价 anchors under the header. Tapping scrolls to the section; scrolling
 * highlights the section being read.
 */
export function AnchorNav({ anchors }: { anchors: Anchor[] }) {
  const [active, setActive] = useState(anchors[0]?.id ?? '');

  useEffect(() => {
    let frame = 0;
    const handleScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        // The section whose top has passed the sticky bars is the one being read.
        const line = 110;
        let current = anchors[0]?.id ?? '';
        for (const anchor of anchors) {
          const el = document.getElementById(anchor.id);
          if (el && el.getBoundingClientRect().top <= line) current = anchor.id;
        }
        setActive(current);
      });
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', handleScroll);
    };
  }, [anchors]);

  const handleClick = (id: string) => {
    setActive(id);
    document.getElementById(id)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  return (
    <nav className={`${strip.strip} ${styles.nav}`} aria-label="课程导航">
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
