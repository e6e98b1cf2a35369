/**
 * 订单 Orders and money in the console (issue 13, docs/console.md): who may use each route, the
 * orders list and its CSV (BOM, Chinese headers, yuan), refund requests approved exactly once
 * through the refund service of decision 015 (two concurrent approvals refund once), partial
 * refunds, refusals, payment anomalies, an audit row per write, and hostile ids.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCodes, ConsoleErrorCodes } from '@jinfa/shared';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildOrdersApp, expectEntitlementInvariant, grantsOf, orderRowOf, paidOrderOf, pendingOrderOf, sandboxOf } from './orders-helpers.ts';
import { auditRowsOf, call, expectBadIds, expectBadQueries, expectRoles, signInEveryRole, type Operators } from './admin-people-helpers.ts';
import { insertRefundRequest } from '../src/modules/orders/order-admin-repository.ts';
import { insertPayAnomalies } from '../src/modules/orders/pay-anomaly-repository.ts';
import { refundNoOfOrder } from '../src/modules/orders/refund-service.ts';
import { ORDER_CSV_HEADERS } from '../src/modules/admin/sections/orders-service.ts';

describe.each(dialectsUnderTest())('console orders and money (%s)', (dialect) => {
  let t: TestApp;
  let ops: Operators;
  beforeAll(async () => {
    t = await buildOrdersApp(dialect);
    ops = await signInEveryRole(t);
  });
  afterEach(async () => {
    sandboxOf(t).refundAnswer = 'SUCCESS';
    vi.restoreAllMocks();
    await expectEntitlementInvariant(t.app.db);
  });
  afterAll(() => t.close());

  const get = (url: string, role: keyof Operators = 'finance') => call(t, ops[role], { method: 'GET', url });
  const post = (url: string, payload: object, role: keyof Operators = 'finance') => call(t, ops[role], { method: 'POST', url, payload });
  const masked = (m: string | null) => `${m!.slice(0, 3)}****${m!.slice(-4)}`;

  /** A paid order and its learner's pending refund request. */
  async function requested(amountFen?: number) {
    const s = await paidOrderOf(t);
    const request = await insertRefundRequest(t.app.db, { order_id: s.order.id, user_id: s.user.id, amount_fen: amountFen ?? s.order.amount_fen, reason: '课程不适合', status: 'pending', created_at: Date.now() });
    return { ...s, request };
  }

  describe('roles', () => {
    it('owner and finance use every money route; reviewer, operator, lecturer and corporate admins are refused', async () => {
      const money = ['owner', 'finance'] as const;
      await expectRoles(t, ops, { method: 'GET', url: '/v1/admin/orders' }, money);
      await expectRoles(t, ops, { method: 'GET', url: '/v1/admin/orders.csv' }, money);
      await expectRoles(t, ops, { method: 'GET', url: '/v1/admin/refunds' }, money);
      await expectRoles(t, ops, { method: 'GET', url: '/v1/admin/pay-anomalies' }, money);
      await expectRoles(t, ops, { method: 'POST', url: '/v1/admin/refunds/2147483000/approve', payload: {} }, money);
      await expectRoles(t, ops, { method: 'POST', url: '/v1/admin/refunds/2147483000/refuse', payload: { reason: '不符合退款条件' } }, money);
    });

    it('finance cannot see learners', async () => {
      expect((await get('/v1/admin/learners')).json().code).toBe(ConsoleErrorCodes.ADMIN_FORBIDDEN);
    });

    it('hostile ids and filters answer coded errors, never a 500', async () => {
      await expectBadIds(t, ops.finance, (id) => ({ method: 'POST', url: `/v1/admin/refunds/${id}/approve`, payload: {} }));
      await expectBadIds(t, ops.finance, (id) => ({ method: 'POST', url: `/v1/admin/refunds/${id}/refuse`, payload: { reason: '不符合' } }));
      await expectBadQueries(t, ops.finance, ['/v1/admin/orders', '/v1/admin/orders.csv'], ['?status=lost', '?kind=NaN', '?from=1e309', '?to=-1', '?pageSize=0', '?page=NaN']);
      expect((await post('/v1/admin/refunds/1/approve', { amountFen: -5 })).json().code).toBe(ErrorCodes.VALIDATION);
      const huge = await t.app.inject({ method: 'POST', url: '/v1/admin/refunds/1/approve', headers: { ...ops.finance.headers, 'content-type': 'application/json' }, payload: '{"amountFen":1e309}' });
      expect(huge.statusCode).toBeLessThan(500);
      expect(huge.json().code).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('GET /v1/admin/orders', () => {
    it('finds an order by its number or its buyer’s phone, filters by status, kind and time, and masks phones', async () => {
      const paid = await paidOrderOf(t);
      const pending = await pendingOrderOf(t);
      const byNo = (await get(`/v1/admin/orders?q=${paid.order.order_no}`)).json();
      expect(byNo.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
      expect(byNo.data.items[0]).toMatchObject({ id: paid.order.id, status: 'paid', amountFen: 19900, userId: paid.user.id, phoneMasked: masked(paid.user.mobile), kindName: 'course', refundStatus: null });
      expect(JSON.stringify(byNo)).not.toContain(paid.user.mobile!);
      const byPhone = (await get(`/v1/admin/orders?q=${pending.user.mobile}`)).json();
      expect(byPhone.data.items.map((o: { id: number }) => o.id)).toEqual([pending.order.id]);
      expect((await get(`/v1/admin/orders?q=${pending.user.mobile}&status=paid`)).json().data.total).toBe(0);
      expect((await get(`/v1/admin/orders?q=${pending.user.mobile}&status=pending&kind=1`)).json().data.total).toBe(1);
      expect((await get(`/v1/admin/orders?q=${pending.user.mobile}&kind=7`)).json().data.total).toBe(0);
      const created = pending.order.created_at;
      expect((await get(`/v1/admin/orders?q=${pending.user.mobile}&from=${created}&to=${created + 1}`)).json().data.total).toBe(1);
      expect((await get(`/v1/admin/orders?q=${pending.user.mobile}&from=${created + 1}`)).json().data.total).toBe(0);
      const all = (await get('/v1/admin/orders?pageSize=100')).json().data;
      expect(all.total).toBeGreaterThanOrEqual(2);
      const times = all.items.map((o: { createdAt: number }) => o.createdAt);
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });
  });

  describe('GET /v1/admin/orders.csv', () => {
    it('streams UTF-8 with a BOM, Chinese headers and yuan with two decimals, with the list’s filters', async () => {
      const s = await paidOrderOf(t, 12345);
      const res = await get(`/v1/admin/orders.csv?q=${s.order.order_no}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{8}\.csv"$/);
      const raw = res.rawPayload;
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = raw.toString('utf8').slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe(ORDER_CSV_HEADERS.join(','));
      expect(lines[0]).toContain('金额（元）');
      expect(lines).toHaveLength(2);
      const cells = lines[1]!.split(',');
      expect(cells[0]).toBe(s.order.order_no);
      expect(cells[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(cells[3]).toBe('已支付');
      expect(cells[4]).toBe('课程');
      expect(cells[6]).toBe('123.45');
      expect(cells[9]).toBe(masked(s.user.mobile));
      expect(raw.toString('utf8')).not.toContain(s.user.mobile!);
      // A filter that matches nothing still answers the header line.
      const none = await get('/v1/admin/orders.csv?q=NO-SUCH-ORDER');
      expect(none.body.slice(1).trimEnd().split('\r\n')).toEqual([ORDER_CSV_HEADERS.join(',')]);
    });

    it('the export pages through every matching order (more than one batch)', async () => {
      const s = await paidOrderOf(t);
      const now = Date.now();
      await t.app.db
        .insertInto('orders')
        .values(
          Array.from({ length: 1_205 }, (_, i) => ({
            order_no: `CSV${s.user.id}x${i}`,
            user_id: s.user.id,
            type: 1,
            kind: 1,
            target_id: s.course.id,
            course_id: s.course.id,
            amount_fen: 100 + i,
            status: 'closed' as const,
            provider: 'sandbox',
            created_at: now - (i % 7) * 1000,
            expires_at: now,
            closed_at: now,
          })),
        )
        .execute();
      const res = await get(`/v1/admin/orders.csv?q=${s.user.mobile}&status=closed`);
      const lines = res.body.slice(1).trimEnd().split('\r\n');
      expect(lines).toHaveLength(1 + 1_205);
      expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(1_205);
    });
  });

  describe('refund requests', () => {
    it('two concurrent approvals refund once: one answers, the other -10841; the provider is asked once; one audit row', async () => {
      const s = await requested();
      const spy = vi.spyOn(sandboxOf(t), 'refund');
      const [a, b] = await Promise.all([post(`/v1/admin/refunds/${s.request.id}/approve`, { reason: '同意退款' }), post(`/v1/admin/refunds/${s.request.id}/approve`, { reason: '同意退款' }, 'owner')]);
      const codes = [a.json().code, b.json().code].sort();
      expect(codes).toEqual([ConsoleErrorCodes.ADMIN_REFUND_DECIDED, 0].sort());
      expect(spy).toHaveBeenCalledTimes(1);
      const winner = (a.json().code === 0 ? a : b).json();
      expect(winner.data).toMatchObject({ id: s.request.id, status: 'approved', refundNo: refundNoOfOrder(s.order.order_no), refundStatus: 'success', refundedFen: 19900, paidFen: 19900 });
      expect((await orderRowOf(t, s.order.id)).status).toBe('refunded');
      expect(await grantsOf(t, s.user.id)).toEqual([]);
      const refunds = await t.app.db.selectFrom('refunds').selectAll().where('order_id', '=', s.order.id).execute();
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ status: 'success', amount_fen: 19900, source: 'operator' });
      expect(await auditRowsOf(t, 'refund.approve', s.request.id)).toHaveLength(1);
      // And later: still once.
      expect((await post(`/v1/admin/refunds/${s.request.id}/approve`, {})).json().code).toBe(ConsoleErrorCodes.ADMIN_REFUND_DECIDED);
      expect(spy).toHaveBeenCalledTimes(1);
    });

    it('approves part of the payment; more than was paid is refused and writes nothing', async () => {
      const s = await requested();
      expect((await post(`/v1/admin/refunds/${s.request.id}/approve`, { amountFen: 19901 })).json().code).toBe(ConsoleErrorCodes.ADMIN_REFUND_AMOUNT);
      expect(await auditRowsOf(t, 'refund.approve', s.request.id)).toHaveLength(0);
      expect(await t.app.db.selectFrom('refunds').select('id').where('order_id', '=', s.order.id).execute()).toEqual([]);
      const res = (await post(`/v1/admin/refunds/${s.request.id}/approve`, { amountFen: 5000, reason: '部分退款' })).json();
      expect(res).toMatchObject({ code: 0, data: { status: 'approved', refundedFen: 5000, refundStatus: 'success', decisionReason: '部分退款', decidedBy: ops.finance.operatorId } });
      const refund = await t.app.db.selectFrom('refunds').selectAll().where('order_id', '=', s.order.id).executeTakeFirstOrThrow();
      expect(refund).toMatchObject({ amount_fen: 5000, total_fen: 19900 });
      const audit = await auditRowsOf(t, 'refund.approve', s.request.id);
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ amountFen: 5000, refundNo: refundNoOfOrder(s.order.order_no) });
    });

    it('a processing refund keeps the order paid until the provider ends it; the request shows 退款中', async () => {
      sandboxOf(t).refundAnswer = 'PROCESSING';
      const s = await requested();
      const res = (await post(`/v1/admin/refunds/${s.request.id}/approve`, {})).json();
      expect(res).toMatchObject({ code: 0, data: { status: 'approved', refundStatus: 'processing' } });
      expect((await orderRowOf(t, s.order.id)).status).toBe('paid');
      expect(await grantsOf(t, s.user.id)).toHaveLength(1);
    });

    it('refuses with a reason (required), once; a refused request cannot be approved', async () => {
      const s = await requested();
      expect((await post(`/v1/admin/refunds/${s.request.id}/refuse`, { reason: '  ' })).json().code).toBe(ConsoleErrorCodes.ADMIN_REASON_REQUIRED);
      expect((await post(`/v1/admin/refunds/${s.request.id}/refuse`, {})).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await post(`/v1/admin/refunds/${s.request.id}/refuse`, { reason: '已超过退款期限' })).json()).toMatchObject({
        code: 0,
        data: { status: 'refused', decisionReason: '已超过退款期限', refundNo: null, refundStatus: null },
      });
      expect((await post(`/v1/admin/refunds/${s.request.id}/approve`, {})).json().code).toBe(ConsoleErrorCodes.ADMIN_REFUND_DECIDED);
      expect((await post(`/v1/admin/refunds/${s.request.id}/refuse`, { reason: '再次' })).json().code).toBe(ConsoleErrorCodes.ADMIN_REFUND_DECIDED);
      expect((await orderRowOf(t, s.order.id)).status).toBe('paid');
      expect(await auditRowsOf(t, 'refund.refuse', s.request.id)).toHaveLength(1);
      expect(await auditRowsOf(t, 'refund.approve', s.request.id)).toHaveLength(0);
    });

    it('lists requests by status, newest first, with the buyer masked', async () => {
      const s = await requested();
      const list = (await get('/v1/admin/refunds?status=pending&pageSize=100')).json();
      expect(list.code).toBe(0);
      const mine = list.data.items.find((r: { id: number }) => r.id === s.request.id);
      expect(mine).toMatchObject({ orderId: s.order.id, orderNo: s.order.order_no, status: 'pending', amountFen: 19900, paidFen: 19900, reason: '课程不适合', phoneMasked: masked(s.user.mobile) });
      expect(list.data.items.every((r: { status: string }) => r.status === 'pending')).toBe(true);
      const ids = list.data.items.map((r: { id: number }) => r.id);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
      expect((await get('/v1/admin/refunds?status=refused')).json().data.items.some((r: { id: number }) => r.id === s.request.id)).toBe(false);
    });
  });

  describe('GET /v1/admin/pay-anomalies', () => {
    it('lists the recorded payment anomalies', async () => {
      const s = await paidOrderOf(t);
      const summary = JSON.stringify({ received: { amountFen: 1 }, expected: { amountFen: 19900 } });
      await insertPayAnomalies(t.app.db, [{ provider: 'sandbox', orderId: s.order.id, orderNo: s.order.order_no, transactionId: `tx-${s.order.id}`, eventId: 'e1', kind: 'amount', summary, now: Date.now() }]);
      const res = (await get('/v1/admin/pay-anomalies?pageSize=100')).json();
      expect(res.code).toBe(0);
      expect(res.data.items.find((a: { orderNo: string }) => a.orderNo === s.order.order_no)).toMatchObject({ kind: 'amount', orderId: s.order.id, received: { amountFen: 1 }, expected: { amountFen: 19900 } });
    });
  });
});
