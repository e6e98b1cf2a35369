/**
 * Outgoing e-mail (send_ppt). `log` writes one JSON line per message and keeps the last ones in
 * memory (development and tests read them there); the listening module also records every
 * message in the `mail_outbox` table, whichever sender is used.
 * TODO: a real sender (SMTP relay or a provider's HTTPS API, with MAIL_* settings in config.ts)
 * waits until there is a mail account to send from; it implements this same interface.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailSender {
  readonly name: string;
  /** Throws when the message could not be handed over. */
  send(message: MailMessage): Promise<void>;
}

export interface SentMail extends MailMessage {
  at: number;
}

export class LogMailSender implements MailSender {
  readonly name = 'log';
  readonly sent: SentMail[] = [];

  constructor(private readonly log: (line: string) => void = (l) => process.stdout.write(`${l}\n`)) {}

  async send(message: MailMessage): Promise<void> {
    this.sent.push({ ...message, at: Date.now() });
    if (this.sent.length > 100) this.sent.shift();
    this.log(JSON.stringify({ level: 30, time: Date.now(), msg: 'mail sent (log sender)', mail: { to: message.to, subject: message.subject } }));
  }
}
