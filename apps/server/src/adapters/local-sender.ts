/**
 * What the outgoing-message adapters (SMS, mail) have in common: the interface a real provider
 * implements, and the local sender used in development and tests, which sends nothing, writes one
 * JSON log line per message and keeps the last ones in memory for tests to read.
 */

/** An outgoing-message service. `send` throws when the message could not be handed over. */
export interface OutgoingSender<M> {
  readonly name: string;
  send(message: M): Promise<void>;
}

/** A message a local sender was given, and when. */
export type Sent<M> = M & { at: number };

/** How many messages a local sender keeps (oldest out). */
const KEPT = 100;

const writeLine = (line: string) => void process.stdout.write(`${line}\n`);

export abstract class LocalSender<M> implements OutgoingSender<M> {
  abstract readonly name: string;
  readonly sent: Sent<M>[] = [];

  constructor(protected readonly log: (line: string) => void = writeLine) {}

  abstract send(message: M): Promise<void>;

  /** Keeps `message` and logs it as `msg` with `fields` (what of it may be logged). */
  protected record(message: M, msg: string, fields: Record<string, unknown>): void {
    this.sent.push({ ...message, at: Date.now() });
    if (this.sent.length > KEPT) this.sent.shift();
    this.log(JSON.stringify({ level: 30, time: Date.now(), msg, ...fields }));
  }
}
