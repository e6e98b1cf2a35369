import type { ReactNode } from 'react';
import type { Tone } from '../lib/audit.ts';
import styles from './tone-pill.module.css';

export function TonePill({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`${styles.pill} ${styles[tone] ?? ''}`}>{children}</span>;
}
