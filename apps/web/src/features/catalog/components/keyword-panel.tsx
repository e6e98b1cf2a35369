import { useState } from 'react';
import type { HotSearch } from '@jinfa/shared/schemas';
import { TrashIcon } from '../../../components/icons/trash-icon.tsx';
import { cx } from '../../../lib/cx.ts';
import styles from './keyword-panel.module.css';

interface KeywordPanelProps {
  history: string[];
  hot: HotSearch[] | undefined;
  onPick: (keyword: string) => void;
  onClearHistory: () => void;
}

/** Before a search: the learner's recent searches (clearable) and the hot searches. */
export function KeywordPanel({ history, hot, onPick, onClearHistory }: KeywordPanelProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={styles.panel}>
      {history.length > 0 && (
        <section aria-label="搜索历史" data-testid="search-history">
          <header className={styles.head}>
            <h2 className={styles.title}>搜索历史</h2>
            {confirming ? (
              <span className={styles.confirm}>
                <button type="button" onClick={() => setConfirming(false)}>
                  取消
                </button>
                <button
                  type="button"
                  className={styles.danger}
                  onClick={() => {
                    setConfirming(false);
                    onClearHistory();
                  }}
                >
                  确认清空
                </button>
              </span>
            ) : (
              <button type="button" className={styles.trash} aria-label="清空搜索历史" onClick={() => setConfirming(true)}>
                <TrashIcon size={16} />
              </button>
            )}
          </header>
          <div className={styles.chips}>
            {history.map((keyword) => (
              <button key={keyword} type="button" className={styles.chip} onClick={() => onPick(keyword)}>
                {keyword}
              </button>
            ))}
          </div>
        </section>
      )}
      {hot && hot.length > 0 && (
        <section aria-label="热门搜索" data-testid="hot-searches">
          <header className={styles.head}>
            <h2 className={styles.title}>热门搜索</h2>
          </header>
          <ol className={styles.hotList}>
            {hot.map((item, i) => (
              <li key={item.keyword}>
                <button type="button" className={styles.hotItem} onClick={() => onPick(item.keyword)}>
                  <span className={cx(styles.rank, i < 3 && styles.top)}>{i + 1}</span>
                  <span className={styles.hotText}>{item.keyword}</span>
                  {item.hot && <span className={styles.hotMark}>热</span>}
                </button>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
