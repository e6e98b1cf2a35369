/**
 * Console sign-in for tests: creates an operator through the CLI's service and signs in through
 * POST /v1/admin/session, answering the cookie and CSRF headers for app.inject.
 */
import type { OperatorRole } from '../../src/modules/admin/guard.ts';
import { upsertOperator } from '../../src/modules/admin/operator-service.ts';
import type { TestApp } from './build.ts';

export interface SignedInOperator {
  operatorId: number;
  /** `jf_admin=…`, for the Cookie header. */
  cookie: string;
  csrf: string;
  /** `{cookie, 'x-csrf-token'}`, ready for app.inject. */
  headers: Record<string, string>;
}

let phoneSeq = 0;
let signInSeq = 0;

/** A phone no other call of this process used: 139 + pid-derived digits + a counter. */
export function uniqueOperatorPhone(): string {
  phoneSeq += 1;
  const n = (process.pid % 10_000) * 10_000 + (phoneSeq % 10_000);
  return `139${String(n).padStart(8, '0')}`;
}

export async function signInOperator(
  t: TestApp,
  opts: { role: OperatorRole; lecturerId?: number; corporateId?: number; phone?: string; password?: string; name?: string },
): Promise<SignedInOperator> {
  const phone = opts.phone ?? uniqueOperatorPhone();
  const password = opts.password ?? 'test-password-1';
  const { id } = await upsertOperator(t.db.db, {
    phone,
    password,
    role: opts.role,
    name: opts.name ?? `测试${opts.role}`,
    lecturerId: opts.lecturerId ?? null,
    corporateId: opts.corporateId ?? null,
  });
  return { operatorId: id, ...(await signInAs(t, phone, password)) };
}

/**
 * Signs an existing operator in once more (a second browser). Each call comes from its own
 * loopback address, so suites that sign in often stay under the sign-in route's per-IP limit.
 */
export async function signInAs(t: TestApp, phone: string, password: string): Promise<Omit<SignedInOperator, 'operatorId'>> {
  signInSeq += 1;
  const remoteAddress = `127.${(signInSeq >> 16) & 255}.${(signInSeq >> 8) & 255}.${(signInSeq & 255) || 1}`;
  const res = await t.app.inject({ method: 'POST', url: '/v1/admin/session', payload: { phone, password }, remoteAddress });
  const body = res.json() as { code: number; message: string; data: { csrfToken: string } };
  if (body.code !== 0) throw new Error(`console sign-in failed: ${body.code} ${body.message}`);
  const setCookie = res.cookies.find((c) => c.name === 'jf_admin');
  if (!setCookie) throw new Error('console sign-in set no jf_admin cookie');
  const cookie = `jf_admin=${setCookie.value}`;
  const csrf = body.data.csrfToken;
  return { cookie, csrf, headers: { cookie, 'x-csrf-token': csrf } };
}
