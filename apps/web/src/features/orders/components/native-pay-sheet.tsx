import { useMemo } from 'react';
import { qrPath } from '../../../lib/qr.ts';
import { PaySheet, PaySheetCancel } from './pay-sheet.tsx';
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
  return (
    <PaySheet testId="native-pay-sheet" labelledBy="native-pay-title" title="微信扫码支付" titleId="native-pay-title" onCancel={onCancel}>
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
        <PaySheetCancel onClick={onCancel}>暂不支付</PaySheetCancel>
      </div>
    </PaySheet>
  );
}
