/**
 * The sandbox cashier keeps its trades in memory. An order paid before this process started — a
 * seeded demo order, or one paid before a restart — must still be refundable from the console:
 * the sandbox adopts the trade from our own record of the paid order (app.ts, SandboxLedger).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import { seedDemoData } from '../src/demo/seeder.ts';
import { build, type TestApp } from './support/build.ts';
import { signInOperator } from './support/admin.ts';
import { dialectsUnderTest } from './support/db.ts';

describe.each(dialectsUnderTest())('sandbox refunds of orders paid before this start (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(dialect);
    await seedDemoData(t.app.db);
  });
  afterAll(() => t.close());

  it('approves a seeded refund request and the sandbox refunds it once', async () => {
    const finance = await signInOperator(t, { role: 'finance' });
    const list = (await t.app.inject({ method: 'GET', url: '/v1/admin/refunds?status=pending', headers: finance.headers })).json();
    expect(list.code).toBe(0);
    const request = list.data.items[0];
    expect(request).toBeDefined();
    const res = await t.app.inject({ method: 'POST', url: `/v1/admin/refunds/${request.id}/approve`, headers: { ...finance.headers, 'content-type': 'application/json' }, payload: {} });
    expect(res.json().code).toBe(0);
    const refund = await t.app.db.selectFrom('refunds').select(['status', 'last_error']).where('order_id', '=', request.orderId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: 'success' });
    const again = await t.app.inject({ method: 'POST', url: `/v1/admin/refunds/${request.id}/approve`, headers: { ...finance.headers, 'content-type': 'application/json' }, payload: {} });
    expect(again.json().code).not.toBe(0);
    expect(again.json().code).not.toBe(ErrorCodes.SERVER_ERROR);
  });

  it('still refuses an order the database does not hold as paid', async () => {
    await expect(t.app.adapters.pay.refund({ orderNo: 'no-such-order', refundNo: 'r-none', amountFen: 100, totalFen: 100 })).rejects.toThrow(/not paid/);
  });
});
