/**
 * Group commit for tracking uploads (decision 008). Requests that arrive within `lingerMs` of
 * each other, or while a commit is running, share the next transaction; each request's promise
 * settles only after the transaction holding its records has committed, so an answer with code
 * 0 always means "durable". A failed commit rejects every request in it (the tracker keeps its
 * records and retries); nothing is acknowledged that was not written.
 */
export interface IngestOptions {
  /** How long the first request of a group waits for company (ms). */
  lingerMs: number;
  /** Commit at once when this many records are waiting. */
  maxRows: number;
  /** Commits allowed at the same time: 1 on SQLite (one writer), more on PostgreSQL. */
  maxInFlight: number;
}

interface Waiting<J, R> {
  job: J;
  size: number;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

export class BufferClosedError extends Error {
  constructor() {
    super('ingest buffer is closed');
    this.name = 'BufferClosedError';
  }
}

export class IngestBuffer<J, R> {
  private waiting: Waiting<J, R>[] = [];
  private waitingRows = 0;
  private timer: NodeJS.Timeout | null = null;
  private inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    /** Writes a group in one transaction; answers one result per job, in order. */
    private readonly commit: (jobs: J[]) => Promise<R[]>,
    private readonly opts: IngestOptions,
  ) {}

  submit(job: J, size: number): Promise<R> {
    if (this.closed) return Promise.reject(new BufferClosedError());
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ job, size, resolve, reject });
      this.waitingRows += size;
      this.schedule();
    });
  }

  /** Commits what is waiting and waits for every running commit (server shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.waiting.length || this.inFlight.size) {
      if (this.waiting.length && this.inFlight.size < this.opts.maxInFlight) this.start();
      await Promise.race(this.inFlight);
    }
  }

  private schedule(): void {
    if (this.inFlight.size >= this.opts.maxInFlight) return; // the running commit picks them up
    if (this.waitingRows >= this.opts.maxRows) {
      this.start();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      if (this.inFlight.size < this.opts.maxInFlight) this.start();
    }, this.opts.lingerMs);
  }

  private start(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.waiting.length) return;
    // Whole requests, up to about maxRows records: a request is never split across commits.
    let rows = 0;
    let n = 0;
    while (n < this.waiting.length && (n === 0 || rows + this.waiting[n]!.size <= this.opts.maxRows)) {
      rows += this.waiting[n]!.size;
      n += 1;
    }
    const group = this.waiting.splice(0, n);
    this.waitingRows -= rows;
    const run = this.commit(group.map((w) => w.job)).then(
      (results) => group.forEach((w, i) => w.resolve(results[i]!)),
      (err: unknown) => group.forEach((w) => w.reject(err)),
    );
    const tracked = run.finally(() => {
      this.inFlight.delete(tracked);
      // Whatever arrived during this commit already waited: commit it now, without lingering.
      if (this.waiting.length && this.inFlight.size < this.opts.maxInFlight) this.start();
    });
    this.inFlight.add(tracked);
  }
}
