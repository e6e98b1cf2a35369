/**
 * SMS delivery. `console` logs the code (development and tests read it from there); a real
 * provider implements the same interface — see adapters/README.md for the contract.
 */
export interface SmsMessage {
  mobile: string;
  code: string;
  /** 1 login, 2 bind phone */
  purpose: number;
  ttlMinutes: number;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export interface SentSms extends SmsMessage {
  at: number;
}

/**
 * Logs every send as one JSON line (`{"sms":{"mobile","code"}}`) and keeps the last ones in
 * memory. The number is always masked (138****1234); the code is printed only when `showCode`
 * (development), never under NODE_ENV=production — where config refuses this provider anyway
 * (decision 017).
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  readonly sent: SentSms[] = [];
  private readonly showCode: boolean;

  constructor(
    private readonly log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
    opts: { showCode?: boolean } = {},
  ) {
    this.showCode = opts.showCode ?? !/^production$/i.test(process.env.NODE_ENV ?? '');
  }

  async send(message: SmsMessage): Promise<void> {
    this.sent.push({ ...message, at: Date.now() });
    if (this.sent.length > 100) this.sent.shift();
    const mobile = message.mobile.length >= 7 ? `${message.mobile.slice(0, 3)}****${message.mobile.slice(-4)}` : '****';
    const sms = { mobile, ...(this.showCode ? { code: message.code } : {}), purpose: message.purpose };
    this.log(JSON.stringify({ level: 30, time: Date.now(), msg: 'sms sent (console provider)', sms }));
  }

  lastCodeFor(mobile: string): string | undefined {
    for (let i = this.sent.length - 1; i >= 0; i--) if (this.sent[i]?.mobile === mobile) return this.sent[i]?.code;
    return undefined;
  }
}
