/**
 * Outgoing e-mail (send_ppt). `log` writes one JSON line per message and keeps the last ones in
 * memory (development and tests read them there); the listening module also records every
 * message in the `mail_outbox` table, whichever sender is used.
 * TODO: a real sender (SMTP relay or a provider's HTTPS API, with MAIL_* settings in config.ts)
 * waits until there is a mail account to send from; it implements this same interface.
 */
import { LocalSender, type OutgoingSender } from '../local-sender.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export type MailSender = OutgoingSender<MailMessage>;

export class LogMailSender extends LocalSender<MailMessage> {
  readonly name = 'log';

  async send(message: MailMessage): Promise<void> {
    this.record(message, 'mail sent (log sender)', { mail: { to: message.to, subject: message.subject } });
  }
}
