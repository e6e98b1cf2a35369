import { useEffect, useRef } from 'react';
import type { Subject } from '@jinfa/shared/schemas';
import { cx } from '../../../lib/cx.ts';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import styles from './subject-tabs.module.css';

interface SubjectTabsProps {
  subjects: Subject[] | undefined;
  value: number | undefined;
  onChange: (subjectId: number | undefined) => void;
  /** Label of the "no subject" tab; null leaves that tab out. */
  allLabel?: string | null;
}

/** A horizontally scrolling row of subjects; the chosen one is kept in view. */
export function SubjectTabs({ subjects, value, onChange, allLabel = '全部' }: SubjectTabsProps) {
  const rowRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = rowRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [value, subjects]);

  if (!subjects) {
    return (
      <div className={styles.row} aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <SkeletonBlock key={i} width={56} height={18} style={{ flex: '0 0 auto' }} />
        ))}
      </div>
    );
  }
  const all = allLabel == null ? [] : [{ subjectId: undefined as number | undefined, name: allLabel }];
  const tabs = [...all, ...subjects];
  return (
    <div ref={rowRef} className={styles.row} role="tablist" aria-label="学科">
      {tabs.map((tab) => (
        <button
          key={tab.subjectId ?? 'all'}
          type="button"
          role="tab"
          aria-selected={tab.subjectId === value}
          className={cx(styles.tab, tab.subjectId === value && styles.active)}
          onClick={() => onChange(tab.subjectId)}
        >
          {tab.name}
        </button>
      ))}
    </div>
  );
}
