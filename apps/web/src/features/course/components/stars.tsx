import { useId } from 'react';
import styles from './stars.module.css';

const STAR = 'm12 3.2 2.7 5.6 6.1.8-4.5 4.2 1.1 6-5.4-2.9-5.4 2.9 1.1-6-4.5-4.2 6.1-.8z';

/** Five stars filled to `value` (halves shown by a clipped overlay). */
export function Stars({ value, size = 14 }: { value: number; size?: number }) {
  const clipBase = useId();
  return (
    <span className={styles.stars} role="img" aria-label={`${value.toFixed(1)}星`}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, value - i));
        const clipId = `${clipBase}-${i}`;
        return (
          <svg key={i} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
            <path d={STAR} className={styles.empty} />
            {fill > 0 && (
              <>
                <clipPath id={clipId}>
                  <rect x="0" y="0" width={24 * fill} height="24" />
                </clipPath>
                <path d={STAR} className={styles.full} clipPath={`url(#${clipId})`} />
              </>
            )}
          </svg>
        );
      })}
    </span>
  );
}

const HINTS = ['', '很差', '较差', '一般', '推荐', '力荐'];

/** The star picker of the appraisal form: five radio buttons. */
export function StarPicker({ value, onChange }: { value: number; onChange: (score: number) => void }) {
  return (
    <div className={styles.picker}>
      <div role="radiogroup" aria-label="评分" className={styles.pickerStars}>
        {[1, 2, 3, 4, 5].map((score) => (
          <button
            key={score}
            type="button"
            role="radio"
            aria-checked={value === score}
            aria-label={`${score}星`}
            className={styles.pick}
            onClick={() => onChange(score)}
          >
            <svg viewBox="0 0 24 24" width={28} height={28} aria-hidden="true">
              <path d={STAR} className={score <= value ? styles.full : styles.empty} />
            </svg>
          </button>
        ))}
      </div>
      <span className={styles.hint}>{HINTS[value] ?? ''}</span>
    </div>
  );
}
