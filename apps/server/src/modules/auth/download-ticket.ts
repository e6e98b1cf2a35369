/**
 * Single-use download tickets (issue 11, decision 017). A file that must open as a plain link
 * (WeChat's browser cannot save a blob) is fetched with `?ticket=` instead of a session token:
 * the ticket opens that one file (its scope, e.g. `listen_report:2026`) for that one user, once,
 * within 60 s. A copied or shared link is dead after the first download.
 */
import type { FastifyRequest } from 'fastify';
import { ErrorCodes } from '@jinfa/shared';
import type { UserRow } from '../../db/schema.ts';
import { assertCanAct } from '../../plugins/auth.ts';
import { findUserById } from '../users/user-repository.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import type { Db } from '../../db/conn.ts';
import { spendOneTimeCode } from './one-time-code-repository.ts';
import { issueOneTimeCode } from './one-time-code.ts';

export const DOWNLOAD_TICKET_TTL_MS = 60_000;
const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export async function issueDownloadTicket(db: Db, input: { userId: number; scope: string; now: number }): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = await issueOneTimeCode(db, { purpose: 'download', userId: input.userId, scope: input.scope, isNewUser: false, ttlMs: DOWNLOAD_TICKET_TTL_MS, now: input.now });
  return { ticket, expiresIn: DOWNLOAD_TICKET_TTL_MS / 1000 };
}

/** The user a live ticket of this scope was issued to; spends it. -10086 otherwise. */
export async function spendDownloadTicket(db: Db, input: { ticket: string; scope: string; now: number }): Promise<number> {
  if (!TICKET_SHAPE.test(input.ticket)) throw new AppError(ErrorCodes.DOWNLOAD_LINK_INVALID);
  const row = await spendOneTimeCode(db, { codeHash: sha256Hex(input.ticket), purpose: 'download', scope: input.scope, now: input.now });
  if (!row) throw new AppError(ErrorCodes.DOWNLOAD_LINK_INVALID);
  return row.user_id;
}

/** The one file a listen-report ticket opens: that year's CSV. */
export function listenReportScope(year: number): string {
  return `listen_report:${year}`;
}

/**
 * The caller of a download route: the ticket's user when `?ticket=` is given (spent here; the
 * route needs no session token then), else the signed-in caller as on any route.
 */
export async function downloadUser(
  db: Db,
  request: FastifyRequest,
  input: { ticket: string | undefined; scope: string; allowRestricted?: boolean },
): Promise<UserRow> {
  if (input.ticket === undefined) return (await request.requireUser({ allowRestricted: input.allowRestricted })).user;
  const userId = await spendDownloadTicket(db, { ticket: input.ticket, scope: input.scope, now: Date.now() });
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(ErrorCodes.DOWNLOAD_LINK_INVALID);
  if (!input.allowRestricted) assertCanAct(user);
  return user;
}
