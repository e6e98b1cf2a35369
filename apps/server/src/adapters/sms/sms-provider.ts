/**
 * SMS delivery. `console` logs the code (development and tests read it from there); a real
 * provider implements the same interface — see adapters/README.md for the contract.
 */
import { maskMobile } from '../../lib/mask.ts';
import { LocalSender, type OutgoingSender } from '../local-sender.ts';

export interface SmsMessage {
  mobile: string;
  code: string;
  /** 1 login, 2 bind phone */
  purpose: number;
  ttlMinutes: number;
}

export type SmsProvider = OutgoingSender<SmsMessage>;

/**
 * Logs every send as one JSON line (`{"sms":{"mobile","code"}}`) and keeps the last ones in
 * memory. The number is always masked (138****1234); the code is printed only when `showCode`
 * (development), never under NODE_ENV=production — where config refuses this provider anyway
 * (decision 017).
 */
export class ConsoleSmsProvider extends LocalSender<SmsMessage> {
  readonly name = 'console';
  private readonly showCode: boolean;

  constructor(log?: (line: string) => void, opts: { showCode?: boolean } = {}) {
    super(log);
    this.showCode = opts.showCode ?? !/^production$/i.test(process.env.NODE_ENV ?? '');
  }

  async send(message: SmsMessage): Promise<void> {
    const sms = { mobile: maskMobile(message.mobile), ...(this.showCode ? { code: message.code } : {}), purpose: message.purpose };
    this.record(message, 'sms sent (console provider)', { sms });
  }

  lastCodeFor(mobile: string): string | undefined {
    for (let i = this.sent.length - 1; i >= 0; i--) if (this.sent[i]?.mobile === mobile) return this.sent[i]?.code;
    return undefined;
  }
}
