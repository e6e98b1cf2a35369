import styles from './tab-strip.module.css';

export interface TabStripItem<K extends string | number> {
  key: K;
  label: string;
}

interface TabStripProps<K extends string | number> {
  tabs: readonly TabStripItem<K>[];
  active: K;
  onChange: (key: K) => void;
  /** The tab list's accessible name. */
  label: string;
  /** `header` (default): sticks under the page header; `top`: a tab page without one. */
  stickTo?: 'header' | 'top';
}

/** Equal-width tabs with the current one underlined (role tablist); the caller keeps the state. */
export function TabStrip<K extends string | number>({ tabs, active, onChange, label, stickTo = 'header' }: TabStripProps<K>) {
  return (
    <div className={stickTo === 'top' ? `${styles.strip} ${styles.atTop}` : styles.strip} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          className={tab.key === active ? `${styles.tab} ${styles.active}` : styles.tab}
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
