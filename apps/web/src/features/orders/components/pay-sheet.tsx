import { useEffect, type ButtonHTMLAttributes, type ReactNode } from 'react';
import styles from './pay-sheet.module.css';

interface PaySheetProps {
  testId: string;
  /** The id of the element that names the dialog. */
  labelledBy: string;
  /** The head's title, and its id when it is what names the dialog. */
  title: string;
  titleId?: string;
  /** More in the head, right of the title (the sandbox tag). */
  headExtra?: ReactNode;
  /** While a payment is under way the sheet cannot be dismissed (close, mask, Escape). */
  locked?: boolean;
  onCancel: () => void;
  /** The body and the foot. */
  children: ReactNode;
}

/**
 * The bottom sheet a payment is made in, shaped like WeChat's: a mask, a head with × and a title,
 * then the caller's body and foot. The mask, × and Escape cancel.
 */
export function PaySheet({ testId, labelledBy, title, titleId, headExtra, locked, onCancel, children }: PaySheetProps) {
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !locked) onCancel();
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [locked, onCancel]);

  return (
    <div className={styles.root} data-testid={testId}>
      <div className={styles.mask} onClick={locked ? undefined : onCancel} aria-hidden="true" />
      <div className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby={labelledBy}>
        <div className={styles.head}>
          <button type="button" className={styles.close} onClick={onCancel} disabled={locked} aria-label="取消支付">
            ×
          </button>
          <span className={styles.headTitle} id={titleId}>
            {title}
          </span>
          {headExtra}
        </div>
        {children}
      </div>
    </div>
  );
}

/** The sheet's quiet "not now" link-button in its foot. */
export function PaySheetCancel(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return <button type="button" className={styles.cancel} {...props} />;
}
