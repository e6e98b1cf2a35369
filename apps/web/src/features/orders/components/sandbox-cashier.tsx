import { PaySheet, PaySheetCancel } from './pay-sheet.tsx';
import styles from './sandbox-cashier.module.css';

interface SandboxCashierProps {
  open: boolean;
  /** Yuan, two decimals ("299.00"). */
  amount: string;
  description?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The sandbox cashier (PAY_PROVIDER=sandbox): a bottom sheet shaped like WeChat's pay sheet,
 * so the whole purchase can be walked through without WeChat. Confirming asks the server to pay
 * the order through the same notify handler the real provider uses.
 */
export function SandboxCashier({ open, amount, description, busy, onConfirm, onCancel }: SandboxCashierProps) {
  if (!open) return null;
  return (
    <PaySheet
      testId="sandbox-cashier"
      labelledBy="sandbox-cashier-title"
      title="请确认支付"
      headExtra={<span className={styles.sandboxTag}>沙箱</span>}
      locked={busy}
      onCancel={onCancel}
    >
      <div className={styles.body}>
        <p className={styles.merchant} id="sandbox-cashier-title">
          金法课堂
        </p>
        {description && <p className={styles.desc}>{description}</p>}
        <p className={styles.amount} data-testid="sandbox-pay-amount">
          <span className={styles.currency}>¥</span>
          {amount}
        </p>
        <div className={styles.row}>
          <span className={styles.rowLabel}>支付方式</span>
          <span className={styles.rowValue}>
            <span className={styles.coin} aria-hidden="true">
              ¥
            </span>
            零钱
          </span>
        </div>
      </div>
      <div className={styles.foot}>
        <button type="button" className={styles.confirm} data-testid="sandbox-pay-confirm" disabled={busy} onClick={onConfirm}>
          {busy ? '支付中…' : '确认支付'}
        </button>
        <PaySheetCancel onClick={onCancel} disabled={busy}>
          取消
        </PaySheetCancel>
      </div>
    </PaySheet>
  );
}
