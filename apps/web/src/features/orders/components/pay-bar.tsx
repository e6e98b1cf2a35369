import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { CheckoutPhase } from '../hooks/use-checkout.tsx';
import styles from './pay-bar.module.css';

/**
 * The checkout pages' bottom bar (sign-up, VIP, 代付): what is paid on the left (the figure in a
 * `<strong>`, an original price in an `<s>`), one gold button on the right. Fixed above the safe
 * area, with a spacer so the page's last card can scroll clear of it.
 */
export function PayBar({ total, children }: { total: ReactNode; children: ReactNode }) {
  return (
    <>
      <div className={styles.spacer} />
      <div className={styles.bar}>
        <div className={styles.total}>{total}</div>
        {children}
      </div>
    </>
  );
}

/** The bar's gold button. */
export function PayButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return <button type="button" className={styles.pay} {...props} />;
}

/** The dark "支付确认中…" box over the page while the checkout confirms a payment. */
export function PayConfirming({ children }: { children: ReactNode }) {
  return (
    <div className={styles.confirming} role="status" data-testid="pay-confirming">
      <span className={styles.spinner} aria-hidden="true" />
      {children}
    </div>
  );
}

/** What a checkout puts over its page: the box above while it confirms (`confirming` says what), then its pay sheet. */
export function CheckoutLayer({ checkout, confirming }: { checkout: { phase: CheckoutPhase; sheet: ReactNode }; confirming: string }) {
  return (
    <>
      {checkout.phase === 'confirming' && <PayConfirming>{confirming}</PayConfirming>}
      {checkout.sheet}
    </>
  );
}
