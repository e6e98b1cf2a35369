import { useEffect, useMemo } from 'react';
import { qrPath } from '../../../lib/qr.ts';
import styles from './native-pay-sheet.module.css';

interface NativePaySheetProps {
  /** WeChat Pay Native's `weixin://wxpay/bizpayurl?pr=…`. */
  codeUrl: string;
  /** Yuan, two decimals ("299.00"). */
  amount: string;
  description?: string;
  onCancel: () => void;
}

/**
 * WeChat Pay Native for a desktop browser: the order's code_url as a QR code to scan with
 * WeChat. The checkout polls the order meanwhile and closes the sheet once it is paid. Loaded
 * lazily (with the QR generator) only when a desktop browser pays.
 */
export function NativePaySheet({ codeUrl, amount, description, onCancel }: NativePaySheetProps) {
  const qr = useMemo(() => qrPath(codeUrl), [codeUrl]);
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [onCancel]);

  return (
    <div className={styles.root} data-testid="native-pay-sheet">
      <div className={styles.mask} onClick={onCancel} aria-hidden="true" />
      <div className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby="native-pay-title">
        <div className={styles.head}>
          <button type="button" className={styles.close} onClick={onCancel} aria-label="取消支付">
            ×
          </button>
          <span className={styles.headTitle} id="native-pay-title">
            微信扫码支付
          </span>
        </div>
        <div className={styles.body}>
          {description && <p className={styles.desc}>{description}</p>}
          <p className={styles.amount}>
            <span className={styles.currency}>¥</span>
            {amount}
          </p>
          <svg
            className={styles.qr}
            viewBox={`0 0 ${qr.size} ${qr.size}`}
            role="img"
            aria-label="微信支付二维码"
            data-testid="native-pay-qr"
            shapeRendering="crispEdges"
          >
            <rect width={qr.size} height={qr.size} fill="#fff" />
            <path d={qr.d} fill="#000" />
          </svg>
          <p className={styles.tip}>
            <span className={styles.scanIcon} aria-hidden="true" />
            请使用微信“扫一扫”扫描二维码完成支付
          </p>
          <p className={styles.waiting} role="status">
            <span className={styles.spinner} aria-hidden="true" />
            支付完成后页面将自动跳转
          </p>
        </div>
        <div className={styles.foot}>
          <button type="button" className={styles.cancel} onClick={onCancel}>
            暂不支付
          </button>
        </div>
      </div>
    </div>
  );
}
