/**
 * The sandbox payout provider (PAY_PROVIDER=sandbox): no money moves; each transfer is recorded
 * once per payout number and answers SUCCESS. `transfers` is what a test or an operator inspects.
 * Like the sandbox pay provider, its state is the "provider's side" and lives in memory.
 */
import crypto from 'node:crypto';
import { PayProviderError } from '../pay/payment-provider.ts';
import type { PayoutInput, PayoutProvider, PayoutResult } from './payout-provider.ts';

export interface SandboxTransfer {
  payoutNo: string;
  transferId: string;
  userId: number;
  amountFen: number;
  remark: string;
  at: number;
}

export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = 'sandbox' as const;
  readonly transfers = new Map<string, SandboxTransfer>();

  constructor(private readonly now: () => number = Date.now) {}

  async transfer(input: PayoutInput): Promise<PayoutResult> {
    if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw new PayProviderError('api', 'amount must be positive fen', 'PARAM_ERROR');
    if (!/^[0-9A-Za-z]{1,32}$/.test(input.payoutNo)) throw new PayProviderError('api', 'bad payout number', 'PARAM_ERROR');
    let t = this.transfers.get(input.payoutNo);
    if (!t) {
      t = { payoutNo: input.payoutNo, transferId: `sbxt_${crypto.randomBytes(8).toString('hex')}`, userId: input.userId, amountFen: input.amountFen, remark: input.remark, at: this.now() };
      this.transfers.set(input.payoutNo, t);
    } else if (t.amountFen !== input.amountFen || t.userId !== input.userId) {
      // The same number for another transfer is a bug on our side: refuse rather than pay.
      throw new PayProviderError('api', 'payout number reused with other parameters', 'INVALID_REQUEST');
    }
    return { payoutNo: t.payoutNo, state: 'SUCCESS', transferId: t.transferId };
  }
}
