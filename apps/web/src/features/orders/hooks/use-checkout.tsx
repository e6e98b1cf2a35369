import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Order } from '@jinfa/shared/schemas';
import { toast } from '../../../lib/toast.ts';
import { checkOrderProgress } from '../api/check-order-progress.ts';
import { getPayParams } from '../api/get-pay-params.ts';
import { ORDERS_KEY } from '../api/get-orders.ts';
import { sandboxPay } from '../api/sandbox-pay.ts';
import { SandboxCashier } from '../components/sandbox-cashier.tsx';
import { PAY_OK, requestPayment, type PayResult } from '../lib/pay-bridge.ts';
import { waitUntilPaid, type PaidOutcome } from '../lib/wait-until-paid.ts';

export type CheckoutPhase = 'idle' | 'paying' | 'confirming';

interface SheetState {
  order: Order;
  resolve: (errMsg: string) => void;
}

export interface CheckoutOutcome {
  result: PayResult;
  /** Set when the bridge reported success: whether the server confirmed the payment in time. */
  confirmed?: PaidOutcome;
}

/**
 * Paying one order: pay parameters → the pay bridge (WeChat's cashier or our sandbox sheet) →
 * after success, poll until the order is paid, refresh the course (it unlocks at once) and
 * the order lists. Render `sheet` somewhere on the page for the sandbox cashier.
 */
export function useCheckout(options: { onPaid?: (order: Order) => void } = {}) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<CheckoutPhase>('idle');
  const [sheet, setSheet] = useState<SheetState | null>(null);
  const [sheetBusy, setSheetBusy] = useState(false);
  const busy = useRef(false);
  const aborter = useRef<AbortController | null>(null);
  const onPaid = useRef(options.onPaid);
  useEffect(() => {
    onPaid.current = options.onPaid;
  }, [options.onPaid]);
  useEffect(() => () => aborter.current?.abort(), []);

  const openSandbox = useCallback(
    (order: Order) => new Promise<string>((resolve) => setSheet({ order, resolve })),
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
      try {
        let params;
        try {
          params = await getPayParams(order.orderId);
        } catch {
          // The API client has shown the server's reason.
          return null;
        }
        const result = await requestPayment(params, { sandbox: () => openSandbox(order) });
        if (result.errCode !== PAY_OK) {
          if (result.cancelled) toast.info('已取消支付，订单已保留，可在“我的订单”中继续支付');
          else toast.fail(`支付失败（${result.errCode}），请稍后重试`);
          await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
          return { result };
        }
        setPhase('confirming');
        const courseId = order.course?.courseId;
        const confirmed =
          courseId == null ? 'paid' : await waitUntilPaid((signal) => checkOrderProgress(courseId, signal), { signal: controller.signal });
        if (confirmed === 'aborted') return { result, confirmed };
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
          courseId == null ? undefined : queryClient.invalidateQueries({ queryKey: ['courses', courseId] }),
          queryClient.invalidateQueries({ queryKey: ['courses', 'mine'] }),
        ]);
        if (confirmed === 'paid') {
          toast.success('支付成功');
          onPaid.current?.(order);
        } else {
          toast.info('支付结果确认中，请稍后在“我的订单”查看', { long: true });
        }
        return { result, confirmed };
      } finally {
        busy.current = false;
        if (!controller.signal.aborted) setPhase('idle');
      }
    },
    [openSandbox, queryClient],
  );

  const handleConfirm = useCallback(async () => {
    if (!sheet) return;
    setSheetBusy(true);
    let errMsg: string;
    try {
      const answer = await sandboxPay(sheet.order.orderId);
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
    <SandboxCashier
      open={sheet != null}
      amount={sheet?.order.orderPrice ?? ''}
      description={sheet?.order.course?.name}
      busy={sheetBusy}
      onConfirm={() => void handleConfirm()}
      onCancel={handleCancel}
    />
  );

  return { pay, phase, sheet: element };
}
