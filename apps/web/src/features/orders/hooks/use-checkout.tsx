import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorCodes } from '@jinfa/shared/errors';
import type { Order, OrderProgress, PayParams, PayScene, SandboxPayResult } from '@jinfa/shared/schemas';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { showErrorPopup } from '../../../lib/error-popup.ts';
import { toast } from '../../../lib/toast.ts';
import { checkAuditStatus } from '../api/check-audit-status.ts';
import { checkOrderProgress } from '../api/check-order-progress.ts';
import { getPayParams } from '../api/get-pay-params.ts';
import { ORDERS_KEY } from '../api/get-orders.ts';
import { sandboxPay } from '../api/sandbox-pay.ts';
import { SandboxCashier } from '../components/sandbox-cashier.tsx';
import { absoluteAppUrl, h5PayUrl, PAY_OK, paySceneOf, requestPayment, type PayResult } from '../lib/pay-bridge.ts';
import { waitUntilPaid, type PaidOutcome } from '../lib/wait-until-paid.ts';

// The QR sheet and its generator load only when a desktop browser pays.
const NativePaySheet = lazy(() => import('../components/native-pay-sheet.tsx').then((m) => ({ default: m.NativePaySheet })));

export type CheckoutPhase = 'idle' | 'paying' | 'confirming';

/** How long the QR sheet keeps asking whether the learner has scanned and paid. */
const NATIVE_POLL_BUDGET_MS = 10 * 60_000;

interface SheetState {
  order: Order;
  resolve: (errMsg: string) => void;
}

interface NativeState {
  order: Order;
  codeUrl: string;
  finish: (errMsg: string) => void;
}

export interface CheckoutOutcome {
  result: PayResult;
  /** Set when the bridge reported success: whether the server confirmed the payment in time. */
  confirmed?: PaidOutcome;
}

/**
 * Where an order's pay parameters and sandbox confirm come from, and where WeChat's H5 cashier
 * comes back to. The owner's own calls by default; a 代付 link (decision 013) pays through its
 * token instead (`/v1/orders/pay_for/{token}/…`).
 */
export interface PayChannel {
  payParams: (order: Order, scene: PayScene) => Promise<PayParams>;
  sandboxPay: (order: Order) => Promise<SandboxPayResult>;
  /** An app path. */
  returnTo: (order: Order) => string;
}

const OWNER_CHANNEL: PayChannel = {
  payParams: (order, scene) => getPayParams(order.orderId, scene),
  sandboxPay: (order) => sandboxPay(order.orderId),
  returnTo: (order) => paths.payResult.getHref({ orderId: order.orderId, courseId: order.course?.courseId ?? undefined }),
};

export interface CheckoutOptions {
  onPaid?: (order: Order) => void;
  /**
   * How to ask whether the order is paid; defaults to the course's `check_order_progress`
   * (orders of other things, e.g. a membership, bring their own).
   */
  confirm?: (order: Order, signal?: AbortSignal) => Promise<OrderProgress>;
  /** Overrides the browser's own pay scene (tests). */
  scene?: PayScene;
  /** Leaves for WeChat's H5 cashier; defaults to `window.location.assign`. */
  redirect?: (url: string) => void;
  /** Pays through other calls than the owner's (a 代付 link); the owner's by default. */
  channel?: PayChannel;
}

/** Codes of the profile-review gate that stop the purchase (spec §8); each has its popup. */
const AUDIT_STOPS = new Set<number>([ErrorCodes.USER_BLACKLISTED, ErrorCodes.AUDIT_PENDING, ErrorCodes.AUDIT_FAILED, ErrorCodes.AUDIT_EXPIRED_ORDER]);

/**
 * The profile-review gate before paying (`check_user_audit_status`, spec §4/§8): 262146 (under
 * first review, a temporary right) lets the learner pay; 262147 (under review), 262148 / 262149
 * (rejected or lapsed: a link to /userCenter/myInfo) and 262145 (blacklisted) show their popup
 * and stop. Answers whether to go on, and whether the temporary right applies.
 */
async function passAuditGate(courseId: number): Promise<{ go: boolean; temporaryRight: boolean }> {
  try {
    const status = await checkAuditStatus(courseId);
    if (status.canBuy) return { go: true, temporaryRight: status.code === ErrorCodes.AUDIT_TEMPORARY_RIGHT };
    if (!AUDIT_STOPS.has(status.code)) toast.fail('暂时无法购买该课程');
    else showErrorPopup(status.code);
    return { go: false, temporaryRight: false };
  } catch (error) {
    if (error instanceof ApiError && AUDIT_STOPS.has(error.code)) {
      showErrorPopup(error.code, error.message);
      return { go: false, temporaryRight: false };
    }
    // The gate could not be read (offline, an old server): the server applies the same rule when
    // the order is made, so a learner who may pay is not stopped by a failed courtesy check.
    return { go: true, temporaryRight: false };
  }
}

/** The poll of "is it paid yet" for an order, or null when there is nothing to ask. */
function progressOf(order: Order, confirm: CheckoutOptions['confirm']): ((signal?: AbortSignal) => Promise<OrderProgress>) | null {
  if (confirm) return (signal) => confirm(order, signal);
  const courseId = order.course?.courseId;
  return courseId == null ? null : (signal) => checkOrderProgress(courseId, signal);
}

/**
 * Paying one order: the profile-review gate → pay parameters for this browser's scene → the pay
 * bridge (WeChat's cashier inside WeChat, WeChat's H5 cashier in a mobile browser, a Native QR
 * code on a desktop, or our sandbox sheet) → after success, poll until the order is paid,
 * refresh the course (it unlocks at once) and the order lists. Render `sheet` on the page.
 */
export function useCheckout(options: CheckoutOptions = {}) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<CheckoutPhase>('idle');
  const [sheet, setSheet] = useState<SheetState | null>(null);
  const [sheetBusy, setSheetBusy] = useState(false);
  const [native, setNative] = useState<NativeState | null>(null);
  const busy = useRef(false);
  const aborter = useRef<AbortController | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => () => aborter.current?.abort(), []);

  const openSandbox = useCallback((order: Order) => new Promise<string>((resolve) => setSheet({ order, resolve })), []);

  /** Shows the QR code and polls the order until it is paid (→ `:ok`) or the learner closes it (→ `:cancel`). */
  const openNative = useCallback(
    (order: Order, codeUrl: string, signal: AbortSignal) =>
      new Promise<string>((resolve) => {
        const stop = new AbortController();
        const onAbort = () => stop.abort();
        signal.addEventListener('abort', onAbort);
        const finish = (errMsg: string) => {
          stop.abort();
          signal.removeEventListener('abort', onAbort);
          setNative(null);
          resolve(errMsg);
        };
        setNative({ order, codeUrl, finish });
        const check = progressOf(order, latest.current.confirm);
        if (!check) return;
        const budgetMs = Math.min(NATIVE_POLL_BUDGET_MS, Math.max(0, Date.parse(order.expiresAt) - Date.now()));
        void waitUntilPaid(check, { signal: stop.signal, budgetMs }).then((outcome) => {
          if (outcome === 'paid') finish('get_brand_wcpay_request:ok');
          else if (outcome === 'timeout') finish('get_brand_wcpay_request:fail_timeout');
        });
      }),
    [],
  );

  const pay = useCallback(
    async (order: Order): Promise<CheckoutOutcome | null> => {
      // One payment at a time: a double tap must not open two cashiers.
      if (busy.current) return null;
      busy.current = true;
      setPhase('paying');
      const controller = new AbortController();
      aborter.current = controller;
      let leaving = false;
      try {
        const courseId = order.course?.courseId;
        const gate = courseId == null ? { go: true, temporaryRight: false } : await passAuditGate(courseId);
        if (!gate.go) return null;
        const scene = latest.current.scene ?? paySceneOf();
        const channel = latest.current.channel ?? OWNER_CHANNEL;
        let params;
        try {
          params = await channel.payParams(order, scene);
        } catch {
          // The API client has shown the server's reason.
          return null;
        }
        const result = await requestPayment(params, {
          sandbox: () => openSandbox(order),
          native: (codeUrl) => openNative(order, codeUrl, controller.signal),
          h5: (h5Url) => {
            const back = absoluteAppUrl(channel.returnTo(order));
            (latest.current.redirect ?? ((url: string) => window.location.assign(url)))(h5PayUrl(h5Url, back));
          },
        });
        if (result.leaving) {
          // The page unloads into WeChat's H5 cashier; the pay result page confirms on return.
          leaving = true;
          return { result };
        }
        if (result.errCode !== PAY_OK) {
          if (result.cancelled) toast.info('已取消支付，订单已保留，可在“我的订单”中继续支付');
          else toast.fail(`支付失败（${result.errCode}），请稍后重试`);
          await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
          return { result };
        }
        setPhase('confirming');
        const check = progressOf(order, latest.current.confirm);
        const confirmed = check == null ? 'paid' : await waitUntilPaid(check, { signal: controller.signal });
        if (confirmed === 'aborted') return { result, confirmed };
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
          courseId == null ? undefined : queryClient.invalidateQueries({ queryKey: ['courses', courseId] }),
          queryClient.invalidateQueries({ queryKey: ['courses', 'mine'] }),
        ]);
        if (confirmed === 'paid') {
          // 262146: enrolled, with a temporary right while the profile is under review.
          if (gate.temporaryRight) showErrorPopup(ErrorCodes.AUDIT_TEMPORARY_RIGHT);
          else toast.success('支付成功');
          latest.current.onPaid?.(order);
        } else {
          toast.info('支付结果确认中，请稍后在“我的订单”查看', { long: true });
        }
        return { result, confirmed };
      } finally {
        busy.current = false;
        if (!controller.signal.aborted && !leaving) setPhase('idle');
      }
    },
    [openSandbox, openNative, queryClient],
  );

  const handleConfirm = useCallback(async () => {
    if (!sheet) return;
    setSheetBusy(true);
    let errMsg: string;
    try {
      const answer = await (latest.current.channel ?? OWNER_CHANNEL).sandboxPay(sheet.order);
      errMsg = answer.status === 'paid' ? 'get_brand_wcpay_request:ok' : 'get_brand_wcpay_request:fail';
    } catch {
      errMsg = 'get_brand_wcpay_request:fail';
    }
    setSheetBusy(false);
    setSheet(null);
    sheet.resolve(errMsg);
  }, [sheet]);

  const handleCancel = useCallback(() => {
    if (!sheet) return;
    setSheet(null);
    sheet.resolve('get_brand_wcpay_request:cancel');
  }, [sheet]);

  const element: ReactNode = (
    <>
      <SandboxCashier
        open={sheet != null}
        amount={sheet?.order.orderPrice ?? ''}
        description={sheet?.order.course?.name ?? sheet?.order.item?.title}
        busy={sheetBusy}
        onConfirm={() => void handleConfirm()}
        onCancel={handleCancel}
      />
      {native && (
        <Suspense fallback={null}>
          <NativePaySheet
            codeUrl={native.codeUrl}
            amount={native.order.orderPrice}
            description={native.order.course?.name ?? native.order.item?.title}
            onCancel={() => native.finish('get_brand_wcpay_request:cancel')}
          />
        </Suspense>
      )}
    </>
  );

  return { pay, phase, sheet: element };
}
