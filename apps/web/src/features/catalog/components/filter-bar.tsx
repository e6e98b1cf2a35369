import { useState } from 'react';
import type { CourseFilters } from '../api/get-courses.ts';
import { cx } from '../../../lib/cx.ts';
import { ACTIVITY_OPTIONS, LEVEL_OPTIONS, PRICE_OPTIONS, TYPE_OPTIONS } from '../lib/filters.ts';
import styles from './filter-bar.module.css';

type FilterKey = 'sort' | 'courseLevel' | 'isFree' | 'courseType' | 'activityType';

interface Option {
  value: string | number | undefined;
  label: string;
}

const GROUPS: { key: FilterKey; title: string; options: readonly Option[] }[] = [
  {
    key: 'sort',
    title: '综合排序',
    options: [
      { value: undefined, label: '综合排序' },
      { value: 'latest', label: '最新上架' },
      { value: 'popular', label: '最多人学' },
    ],
  },
  { key: 'courseLevel', title: '难度', options: [{ value: undefined, label: '全部难度' }, ...LEVEL_OPTIONS] },
  { key: 'isFree', title: '价格', options: [{ value: undefined, label: '全部价格' }, ...PRICE_OPTIONS] },
  { key: 'courseType', title: '类型', options: [{ value: undefined, label: '全部类型' }, ...TYPE_OPTIONS] },
  { key: 'activityType', title: '活动', options: [{ value: undefined, label: '全部活动' }, ...ACTIVITY_OPTIONS] },
];

interface FilterBarProps {
  filters: CourseFilters;
  onChange: (key: FilterKey, value: string | number | undefined) => void;
}

/**
 * Sort, level (incl. 中高级 = 6), price, single/series and activity: one drop-down per group,
 * our own rather than antd-mobile's Dropdown (that one needs a portal and a gesture library).
 */
export function FilterBar({ filters, onChange }: FilterBarProps) {
  const [open, setOpen] = useState<FilterKey | null>(null);
  const group = GROUPS.find((g) => g.key === open);

  return (
    <div className={styles.wrap}>
      <div className={styles.bar} role="toolbar" aria-label="筛选">
        {GROUPS.map(({ key, title, options }) => {
          const current = options.find((o) => o.value !== undefined && o.value === filters[key]);
          return (
            <button
              key={key}
              type="button"
              className={cx(styles.trigger, current && styles.set, open === key && styles.open)}
              aria-expanded={open === key}
              aria-haspopup="listbox"
              data-filter={key}
              onClick={() => setOpen(open === key ? null : key)}
            >
              <span className={styles.triggerText}>{current?.label ?? title}</span>
              <svg viewBox="0 0 10 6" width="8" height="5" aria-hidden="true" className={styles.caret}>
                <path d="M0 0h10L5 6z" fill="currentColor" />
              </svg>
            </button>
          );
        })}
      </div>
      {group && (
        <>
          <div className={styles.panel} role="listbox" aria-label={group.title}>
            {group.options.map((option) => {
              const selected = option.value === filters[group.key];
              return (
                <button
                  key={option.label}
                  type="button"
                  role="option"
                  aria-selected={selected}
                  className={cx(styles.option, selected && styles.selected)}
                  onClick={() => {
                    setOpen(null);
                    if (!selected) onChange(group.key, option.value);
                  }}
                >
                  {option.label}
                </button>
              );
            })}
          </div>
          <button type="button" className={styles.mask} aria-label="收起筛选" onClick={() => setOpen(null)} />
        </>
      )}
    </div>
  );
}
