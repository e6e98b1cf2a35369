import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { insertUser, newUser } from '../apps/server/src/modules/users/user-repository.ts';
import { issueTokenPair } from '../apps/server/src/modules/auth/token-service.ts';
import { startSeededApp } from './support/seeded-app.ts';

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP = 100;
const P99_BUDGET_MS = 100;

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN;
}

function line(name: string, samples: number[], budget?: number): string {
  const s = [...samples].sort((a, b) => a - b);
  const p50 = quantile(s, 0.5);
  const p99 = quantile(s, 0.99);
  const verdict = budget === undefined ? '' : p99 <= budget ? 'ok' : 'OVER BUDGET';
  return `${name.padEnd(40)} n ${String(s.length).padStart(5)}  p50 ${p50.toFixed(1).padStart(6)} ms  p99 ${p99.toFixed(1).padStart(6)} ms  max ${s.at(-1)!.toFixed(1).padStart(6)} ms  ${verdict}`;
}

async function post(url: string, token: string): Promise<{ ms: number; body: { code: number; data?: { order?: { orderId: number } } } }> {
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'access-token': token, 'content-type': 'application/json' }, body: '{}' });
  const body = (await res.json()) as { code: number; data?: { order?: { orderId: number } } };
  return { ms: performance.now() - t0, body };
}

async function benchDialect(label: string, databaseUrl: string | undefined) {
  const { database, base, close } = await startSeededApp('checkout', databaseUrl, { PAY_PROVIDER: 'sandbox' });
  const courses = await database.db
    .selectFrom('courses')
    .select('id')
    .where('is_free', '=', 0)
    .where('price', '>', 0)
    .where('status', '=', 1)
    .where('corporate_id', 'is', null)
    .where('needs_verified_profile', '=', 0)
    .orderBy('id')
    .execute();
  const total = CHECKOUTS + WARMUP;
  const tokens: string[] = [];
  for (let i = 0; i < total; i += 1) {
    const user = await insertUser(database.db, newUser(Date.now(), { name: '压测学员', nickname: `压测${i}`, mobile: `1699${String(i).padStart(7, '0')}` }));
    const pair = await issueTokenPair(database.db, { accessTokenTtlSec: 3600, refreshTokenTtlSec: 86_400 }, { userId: user.id, userAgent: 'bench', now: Date.now() });
    tokens.push(pair.accessToken);
  }
  const create: number[] = [];
  const params: number[] = [];
  const whole: number[] = [];
  let failures = 0;
  let next = 0;
  const drive = async (record: boolean, until: number) => {
    for (;;) {
      const i = next;
      next += 1;
      if (i >= until) return;
      const courseId = courses[i % courses.length]!.id;
      const a = await post(`${base}/v1/orders/${courseId}`, tokens[i]!);
      const orderId = a.body.data?.order?.orderId;
      if (a.body.code !== 0 || !orderId) {
        failures += 1;
        continue;
      }
      const b = await post(`${base}/v1/orders/${orderId}/order_web_wxpay`, tokens[i]!);
      if (b.body.code !== 0) failures += 1;
      if (!record) continue;
      create.push(a.ms);
      params.push(b.ms);
      whole.push(a.ms + b.ms);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, () => drive(false, WARMUP)));
  next = WARMUP;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, () => drive(true, total)));
  const seconds = (performance.now() - t0) / 1000;
  console.log(`\n[${label}] ${CHECKOUTS} checkouts by ${CHECKOUTS} users over ${courses.length} courses, ${CONNECTIONS} at a time, ${os.cpus().length} cores; budget p99 ≤ ${P99_BUDGET_MS} ms per request`);
  console.log(`  ${line('POST /v1/orders/{courseId}', create, P99_BUDGET_MS)}`);
  console.log(`  ${line('POST /v1/orders/{id}/order_web_wxpay', params, P99_BUDGET_MS)}`);
  console.log(`  ${line('checkout (both, back to back)', whole)}`);
  console.log(`  ${(whole.length / seconds).toFixed(0)} checkouts/s = ${((2 * whole.length) / seconds).toFixed(0)} req/s; failures ${failures}`);
  await close();
}

await benchDialect('sqlite', undefined);
if (process.env.BENCH_DATABASE_URL) await benchDialect('postgres', process.env.BENCH_DATABASE_URL);
