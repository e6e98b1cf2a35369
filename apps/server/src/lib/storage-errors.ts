/**
 * Which failures mean "the service cannot store anything right now" (issue 11 §7, decision 020):
 * a read-only, full or failing SQLite file or data directory, or a PostgreSQL server that is down,
 * shutting down, out of disk or read-only. The error handler answers these with one coded 503
 * (-10220) instead of -50000, and /healthz reports them as its reasons.
 */

/** PostgreSQL SQLSTATEs: class 08 (connection), 57P0x (shutdown), 53xxx (resources), 25006, 58030. */
const PG_STATES: Record<string, string> = {
  '57P01': 'database is shutting down',
  '57P02': 'database is shutting down',
  '57P03': 'database cannot accept connections yet',
  '53100': 'database disk is full',
  '53200': 'database is out of memory',
  '53300': 'database has too many connections',
  '25006': 'database is read-only',
  '58030': 'database I/O error',
};

const SYSTEM_CODES: Record<string, string> = {
  ENOSPC: 'disk is full',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EIO: 'I/O error',
  ENOTDIR: 'a path is not a directory',
  ECONNREFUSED: 'database is unreachable',
  ECONNRESET: 'database connection was reset',
  ETIMEDOUT: 'database is unreachable',
  EHOSTUNREACH: 'database is unreachable',
  ENETUNREACH: 'database is unreachable',
  ENOTFOUND: 'database host is unknown',
  EPIPE: 'database connection was closed',
};

const PG_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;
/**
 * SQLite rolls a transaction back by itself on SQLITE_FULL/IOERR/NOMEM; Kysely's own ROLLBACK then
 * fails with this, hiding the first error. Only a storage failure leads here.
 */
const SQLITE_SELF_ROLLBACK = /^cannot rollback - no transaction is active/;

/** A short English reason (for logs and /healthz) when `err` is a storage outage, else null. */
export function storageFailure(err: unknown): string | null {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth += 1) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('SQLITE_READONLY')) return 'database is read-only';
    if (code.startsWith('SQLITE_FULL')) return 'database or disk is full';
    if (code.startsWith('SQLITE_IOERR')) return 'database I/O error';
    if (code.startsWith('SQLITE_CANTOPEN')) return 'database file cannot be opened';
    if (code.startsWith('08')) return 'database connection failed';
    if (PG_STATES[code]) return PG_STATES[code];
    if (SYSTEM_CODES[code]) return SYSTEM_CODES[code];
    if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return 'database connection was lost';
    if (code === 'SQLITE_ERROR' && typeof e.message === 'string' && SQLITE_SELF_ROLLBACK.test(e.message)) return 'database aborted the transaction';
  }
  return null;
}
