/** What the learners, orders and reviews console suites share: one signed-in operator per role, and the role matrix. */
import { beforeAll, expect } from 'vitest';
import { ErrorCodes, ConsoleErrorCodes } from '@jinfa/shared';
import type { OperatorRole } from '../src/modules/admin/guard.ts';
import type { Dialect } from '../src/db/database.ts';
import { useApp, type TestApp } from './support/build.ts';
import { signInOperator, type SignedInOperator } from './support/admin.ts';
import { buildCorporate, buildLecturer } from './support/factories.ts';

export const ALL_ROLES: readonly OperatorRole[] = ['owner', 'operator', 'finance', 'reviewer', 'lecturer', 'corporate_admin'];

export type Operators = Record<OperatorRole, SignedInOperator>;

export async function signInEveryRole(t: TestApp): Promise<Operators> {
  const out = {} as Operators;
  const lecturer = await buildLecturer(t.app.db);
  const corporate = await buildCorporate(t.app.db);
  for (const role of ALL_ROLES) {
    out[role] = await signInOperator(t, { role, lecturerId: role === 'lecturer' ? lecturer.id : undefined, corporateId: role === 'corporate_admin' ? corporate.id : undefined });
  }
  return out;
}

/** The suite's app (no rate limits: a suite signs in often) with every role signed in, kept by `onReady`; closed after all. */
export function useConsoleApp(dialect: Dialect, onReady: (t: TestApp, ops: Operators) => void): void {
  let app: TestApp;
  useApp(dialect, (built) => (app = built), { config: { rateLimit: { ipPerMinute: 0, userPerMinute: 0 } } });
  beforeAll(async () => onReady(app, await signInEveryRole(app)));
}

export interface Call {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
}

export function call(t: TestApp, op: SignedInOperator | undefined, c: Call) {
  return t.app.inject({ method: c.method, url: c.url, headers: op?.headers ?? {}, ...(c.method === 'POST' ? { payload: c.payload ?? {} } : {}) });
}

/** Each role is refused (-10801, 403) unless listed in `allowed`; an allowed role is never refused for its role. */
export async function expectRoles(t: TestApp, ops: Operators, c: Call, allowed: readonly OperatorRole[]): Promise<void> {
  for (const role of ALL_ROLES) {
    const res = await call(t, ops[role], c);
    // A CSV answer is not an envelope: it came, so the role was not refused.
    const body = String(res.headers['content-type']).startsWith('application/json') ? (res.json() as { code: number }) : { code: 0 };
    if (allowed.includes(role)) {
      expect(body.code, `${role} may ${c.method} ${c.url}`).not.toBe(ConsoleErrorCodes.ADMIN_FORBIDDEN);
      expect(res.statusCode, `${role} ${c.method} ${c.url}`).toBeLessThan(500);
    } else {
      expect(body.code, `${role} is refused ${c.method} ${c.url}`).toBe(ConsoleErrorCodes.ADMIN_FORBIDDEN);
      expect(res.statusCode).toBe(403);
    }
  }
}

/** Hostile ids in the path answer the validation code (never a 500); an unknown one answers ADMIN_NOT_FOUND. */
export async function expectBadIds(t: TestApp, op: SignedInOperator, c: (id: string) => Call): Promise<void> {
  for (const id of ['NaN', '1e309', '-1', '0', '1.5', 'abc']) {
    const res = await call(t, op, c(id));
    expect(res.statusCode, `id ${id}`).toBeLessThan(500);
    expect(res.json().code, `id ${id}`).toBe(ErrorCodes.VALIDATION);
  }
  const res = await call(t, op, c('2147483000'));
  expect(res.json().code).toBe(ConsoleErrorCodes.ADMIN_NOT_FOUND);
}

/** Each query string on each list path answers the validation code, never a 500. */
export async function expectBadQueries(t: TestApp, op: SignedInOperator, paths: readonly string[], queries: readonly string[]): Promise<void> {
  for (const q of queries) {
    for (const path of paths) {
      const res = await call(t, op, { method: 'GET', url: `${path}${q}` });
      expect(res.statusCode, `${path}${q}`).toBeLessThan(500);
      expect(res.json().code, `${path}${q}`).toBe(ErrorCodes.VALIDATION);
    }
  }
}

export async function auditRowsOf(t: TestApp, action: string, targetId: number | string) {
  return t.app.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', String(targetId)).orderBy('id').execute();
}
