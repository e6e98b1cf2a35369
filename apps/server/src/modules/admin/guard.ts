/**
 * Who may use the console (decision 026). Routes put `requireRoles(...)` in their preHandler; it
 * reads ONLY the `jf_admin` cookie (a learner's Access-Token header or `apptoken` never counts
 * here), resolves the operator once per request into `request.operator`, checks the role
 * (`owner` always passes) and, for every method but GET/HEAD/OPTIONS, the session's CSRF
 * synchronizer token in `X-CSRF-Token`. Sessions slide: each use moves the expiry to now + 12 h,
 * never past 7 days after sign-in.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ConsoleErrorCodes } from '@jinfa/shared';
import { AppError } from '../../lib/errors.ts';
import { safeEqual, sha256Hex } from '../../lib/crypto.ts';
import { findLiveSession, touchSession } from './session-repository.ts';

export type OperatorRole = 'owner' | 'operator' | 'finance' | 'reviewer' | 'lecturer' | 'corporate_admin';

export const OPERATOR_ROLES: readonly OperatorRole[] = ['owner', 'operator', 'finance', 'reviewer', 'lecturer', 'corporate_admin'];

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}

export interface OperatorContext {
  id: number;
  name: string;
  role: OperatorRole;
  lecturerId: number | null;
  corporateId: number | null;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator once `requireRoles` has run on this request; null before and elsewhere. */
    operator: OperatorContext | null;
  }
}

export const ADMIN_COOKIE = 'jf_admin';
export const CSRF_HEADER = 'x-csrf-token';
/** Idle lifetime: each use pushes the expiry this far ahead. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Absolute lifetime from sign-in. */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** Uses closer together than this do not rewrite the session row. */
const TOUCH_EVERY_MS = 60_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionExpiry(createdAt: number, now: number): number {
  return Math.min(now + SESSION_IDLE_MS, createdAt + SESSION_MAX_MS);
}

/** The console cookie's value (from @fastify/cookie, registered in the admin plugin's scope). */
export function consoleToken(request: FastifyRequest): string | null {
  const cookies = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies;
  const token = cookies?.[ADMIN_COOKIE];
  return token && TOKEN_SHAPE.test(token) ? token : null;
}

interface Resolved {
  operator: OperatorContext;
  csrfToken: string;
}

const resolved = new WeakMap<FastifyRequest, Promise<Resolved | null>>();

/** The operator and the session's CSRF token for this request's cookie, looked up at most once a request. */
export function resolveOperator(request: FastifyRequest): Promise<Resolved | null> {
  let p = resolved.get(request);
  if (!p) {
    p = (async () => {
      const token = consoleToken(request);
      if (!token) return null;
      const now = Date.now();
      const db = request.server.db;
      const s = await findLiveSession(db, sha256Hex(token), now);
      if (!s || !isOperatorRole(s.role)) return null;
      if (now - s.lastSeenAt >= TOUCH_EVERY_MS) await touchSession(db, s.sessionId, now, sessionExpiry(s.createdAt, now));
      const operator: OperatorContext = { id: s.operatorId, name: s.name, role: s.role, lecturerId: s.lecturerId, corporateId: s.corporateId, sessionId: s.sessionId };
      return { operator, csrfToken: s.csrfToken };
    })();
    resolved.set(request, p);
  }
  return p;
}

/**
 * preHandler: a signed-in operator of one of `roles` (none given: any role), with the session's
 * CSRF token on writes. `owner` passes every role check.
 */
export function requireRoles(...roles: OperatorRole[]): preHandlerAsyncHookHandler {
  return async function requireConsoleRoles(request: FastifyRequest, _reply: FastifyReply) {
    const r = await resolveOperator(request);
    if (!r) throw new AppError(ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED);
    request.operator = r.operator;
    if (!SAFE_METHODS.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !safeEqual(sent, r.csrfToken)) throw new AppError(ConsoleErrorCodes.ADMIN_CSRF);
    }
    if (r.operator.role !== 'owner' && roles.length > 0 && !roles.includes(r.operator.role)) throw new AppError(ConsoleErrorCodes.ADMIN_FORBIDDEN);
  };
}

/** The operator `requireRoles` put on the request; throws the login-required code when there is none. */
export function requireOperator(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw new AppError(ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED);
  return request.operator;
}

/**
 * Lecturers reach only their own courses (as if others did not exist); corporate admins reach no
 * course yet. Every other role that passed the route's role check reaches every course.
 */
export function assertCourseReach(op: OperatorContext, courseLecturerId: number | null): void {
  if (op.role === 'corporate_admin') throw new AppError(ConsoleErrorCodes.ADMIN_FORBIDDEN);
  if (op.role === 'lecturer' && (op.lecturerId === null || op.lecturerId !== courseLecturerId)) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);
}
