import { describe, expect, it } from 'vitest';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, signedInUser } from './support/factories.ts';
import type { TestApp } from './support/build.ts';
import { expectEntitlementInvariant, notify, orderRowOf, post, sandboxOf, sandboxPay, useOrdersApp } from './orders-helpers.ts';
import { expectActivityInvariant } from './activities-helpers.ts';
import { runActivityUpkeep } from '../src/modules/activities/upkeep-service.ts';
import { GROUP_FAIL_GRACE_MS } from '../src/modules/activities/group-service.ts';
import { REWARD_HOLD_MS } from '../src/modules/activities/order-kinds.ts';
import type { SandboxPayoutProvider } from '../src/adapters/payout/sandbox-payout.ts';
import { runOrderUpkeep } from '../src/modules/orders/reconcile-service.ts';

const HOUR = 3_600_000;

for (const dialect of dialectsUnderTest()) {
  describe(`activity orders (${dialect})`, () => {
    let t: TestApp;
    const { db, get } = useOrdersApp(dialect, (app) => (t = app));
    const payout = () => t.app.adapters.payout as SandboxPayoutProvider;
    const upkeep = (now: number) => runActivityUpkeep(db(), t.app.adapters.pay, t.app.adapters.payout, { appId: t.config.wechat.appId, now });
    const owns = async (userId: number, courseId: number) =>
      (await db().selectFrom('user_courses').select('id').where('user_id', '=', userId).where('course_id', '=', courseId).executeTakeFirst()) !== undefined;
    const pay = (orderId: number, headers: Record<string, string>) => sandboxPay(t, orderId, headers);
    const invariants = async () => {
      await expectEntitlementInvariant(db());
      await expectActivityInvariant(db());
    };

    async function groupActivity(overrides: { size?: number; formWithinMs?: number; startsAt?: number; endsAt?: number } = {}) {
      const course = await buildCourse(db(), { price: 19900, vip_price: 14900, activity_type: 3 });
      const now = Date.now();
      const a = await db()
        .insertInto('group_buy_activities')
        .values({
          course_id: course.id,
          title: '三人拼团',
          group_size: overrides.size ?? 3,
          group_price_fen: 9900,
          form_within_ms: overrides.formWithinMs ?? 24 * HOUR,
          starts_at: overrides.startsAt ?? now - HOUR,
          ends_at: overrides.endsAt ?? now + 30 * 24 * HOUR,
          status: 1,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { course, activity: a };
    }

    async function startedGroup(size = 3) {
      const { course, activity } = await groupActivity({ size });
      const leader = await signedInUser(t);
      const res = await post(t, `/v1/activities/group/${activity.id}/start`, leader.headers);
      expect(res.json().code, res.body).toBe(0);
      const { group, order } = res.json().data;
      return { course, activity, leader, groupId: group.groupId as number, leaderOrderId: order.orderId as number };
    }

    describe('POST /v1/activities/group/{activityId}/start and /groups/{groupId}/join', () => {
      it('forms the group when the last member pays, and only then unlocks the course for everyone', async () => {
        const { course, activity, leader, groupId, leaderOrderId } = await startedGroup(3);
        const leaderOrder = await orderRowOf(t, leaderOrderId);
        expect([leaderOrder.type, leaderOrder.kind, leaderOrder.amount_fen, leaderOrder.status]).toEqual([3, 1, 9900, 'pending']);
        expect(await pay(leaderOrderId, leader.headers)).toBe('paid');
        // Paid, but the group is not formed: no course yet.
        expect(await owns(leader.user.id, course.id)).toBe(false);
        const page = (await get(`/v1/activities/group/${activity.id}`, leader.headers)).json().data;
        expect(page.mine).toMatchObject({ groupId, status: 'paid' });
        expect(page.openGroups.map((g: { groupId: number }) => g.groupId)).toContain(groupId);

        const b = await signedInUser(t);
        const c = await signedInUser(t);
        const jb = (await post(t, `/v1/activities/groups/${groupId}/join`, b.headers)).json();
        expect(jb.code).toBe(0);
        expect(await pay(jb.data.order.orderId, b.headers)).toBe('paid');
        expect(await owns(b.user.id, course.id)).toBe(false);
        const jc = (await post(t, `/v1/activities/groups/${groupId}/join`, c.headers)).json();
        expect(jc.data.group.slotsLeft).toBe(0);
        expect(await pay(jc.data.order.orderId, c.headers)).toBe('paid');

        for (const u of [leader, b, c]) expect(await owns(u.user.id, course.id), `member ${u.user.id} owns the course`).toBe(true);
        const detail = (await get(`/v1/activities/groups/${groupId}`, b.headers)).json().data;
        expect(detail.group).toMatchObject({ status: 'formed', paidCount: 3, slotsLeft: 0 });
        expect(detail.members).toHaveLength(3);
        expect(detail.members[0].isLeader).toBe(true);
        // Names only: no member's order id leaks into the group page.
        expect(JSON.stringify(detail.members)).not.toContain('orderId');
        await invariants();
      });

      it('lets exactly the free slots in when many join at once, and forms once when the last two pay together', async () => {
        const { course, leader, groupId, leaderOrderId } = await startedGroup(3);
        await pay(leaderOrderId, leader.headers);
        const joiners = await Promise.all(Array.from({ length: 8 }, () => signedInUser(t)));
        const answers = await Promise.all(joiners.map((j) => post(t, `/v1/activities/groups/${groupId}/join`, j.headers)));
        const codes = answers.map((r) => r.json().code);
        expect(codes.filter((c) => c === 0)).toHaveLength(2);
        expect(codes.filter((c) => c !== 0).every((c) => c === -10120)).toBe(true);
        const winners = joiners.filter((_, i) => codes[i] === 0);
        const orderIds = answers.filter((r) => r.json().code === 0).map((r) => r.json().data.order.orderId as number);
        for (let i = 0; i < winners.length; i++) expect((await post(t, `/v1/orders/${orderIds[i]}/order_web_wxpay`, winners[i]!.headers)).json().code).toBe(0);
        // The last two notifications, each replayed, all at the same moment.
        const sandbox = sandboxOf(t);
        const signed = await Promise.all(orderIds.map(async (id) => {
          const o = await orderRowOf(t, id);
          return sandbox.simulatePayment(o.order_no, o.amount_fen);
        }));
        const deliveries = await Promise.all([...signed, ...signed, ...signed].map((s) => notify(t, s)));
        expect(deliveries.every((d) => d.statusCode === 200)).toBe(true);
        const group = await db().selectFrom('group_buy_groups').selectAll().where('id', '=', groupId).executeTakeFirstOrThrow();
        expect([group.status, group.paid_count, group.reserved_count]).toEqual(['formed', 3, 3]);
        for (const u of [leader, ...winners]) expect(await owns(u.user.id, course.id)).toBe(true);
        await invariants();
      });

      it('answers full, closed, already-in-a-group and already-owned with their codes', async () => {
        const { course, activity, leader, groupId, leaderOrderId } = await startedGroup(2);
        await pay(leaderOrderId, leader.headers);
        // The leader cannot start a second group of the same activity.
        expect((await post(t, `/v1/activities/group/${activity.id}/start`, leader.headers)).json().code).toBe(-10122);
        const b = await signedInUser(t);
        const bJoin = (await post(t, `/v1/activities/groups/${groupId}/join`, b.headers)).json();
        // A double tap answers the same order.
        const again = (await post(t, `/v1/activities/groups/${groupId}/join`, b.headers)).json();
        expect([again.code, again.data.order.orderId, again.data.created]).toEqual([0, bJoin.data.order.orderId, false]);
        const c = await signedInUser(t);
        expect((await post(t, `/v1/activities/groups/${groupId}/join`, c.headers)).json().code).toBe(-10120);
        await pay(bJoin.data.order.orderId, b.headers);
        expect((await post(t, `/v1/activities/groups/${groupId}/join`, c.headers)).json().code).toBe(-10121);
        // Owners cannot join or start: the course rules of an ordinary buy apply.
        expect((await post(t, `/v1/activities/group/${activity.id}/start`, b.headers)).json().code).toBe(-1283);
        expect(await owns(b.user.id, course.id)).toBe(true);
        for (const bad of ['/v1/activities/groups/0/join', '/v1/activities/groups/abc/join', '/v1/activities/groups/99999999/join']) {
          const res = await post(t, bad, c.headers);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json().code).not.toBe(0);
        }
        await invariants();
      });

      it('refuses an activity that has not started or has ended', async () => {
        const early = await groupActivity({ startsAt: Date.now() + HOUR });
        const late = await groupActivity({ startsAt: Date.now() - 2 * HOUR, endsAt: Date.now() - HOUR });
        const u = await signedInUser(t);
        expect((await post(t, `/v1/activities/group/${early.activity.id}/start`, u.headers)).json().code).toBe(-45120);
        expect((await post(t, `/v1/activities/group/${late.activity.id}/start`, u.headers)).json().code).toBe(-1376);
      });

      it('gives the slot of a cancelled order back to the next joiner', async () => {
        const { leader, groupId, leaderOrderId } = await startedGroup(2);
        await pay(leaderOrderId, leader.headers);
        const b = await signedInUser(t);
        const c = await signedInUser(t);
        const bOrder = (await post(t, `/v1/activities/groups/${groupId}/join`, b.headers)).json().data.order.orderId as number;
        expect((await post(t, `/v1/activities/groups/${groupId}/join`, c.headers)).json().code).toBe(-10120);
        expect((await t.app.inject({ method: 'DELETE', url: `/v1/orders/${bOrder}`, headers: b.headers })).json().code).toBe(0);
        const cJoin = (await post(t, `/v1/activities/groups/${groupId}/join`, c.headers)).json();
        expect(cJoin.code).toBe(0);
        expect(await pay(cJoin.data.order.orderId, c.headers)).toBe('paid');
        const mine = (await get('/v1/activities/groups/mine', b.headers)).json().data;
        expect(mine.rows).toHaveLength(0);
        await invariants();
      });

      it('fails an expired group and refunds each paid member exactly once, however often the sweep runs', async () => {
        const { course, leader, groupId, leaderOrderId } = await startedGroup(3);
        await pay(leaderOrderId, leader.headers);
        const b = await signedInUser(t);
        const bOrder = (await post(t, `/v1/activities/groups/${groupId}/join`, b.headers)).json().data.order.orderId as number;
        await pay(bOrder, b.headers);
        const c = await signedInUser(t);
        const cOrder = (await post(t, `/v1/activities/groups/${groupId}/join`, c.headers)).json().data.order.orderId as number;
        // Not failed before its expiry plus the grace period.
        const later = Date.now() + 24 * HOUR + 1000;
        await upkeep(later);
        expect((await db().selectFrom('group_buy_groups').select('status').where('id', '=', groupId).executeTakeFirstOrThrow()).status).toBe('forming');

        const after = later + GROUP_FAIL_GRACE_MS;
        await runOrderUpkeep(db(), t.app.adapters.pay, after);
        await Promise.all([upkeep(after), upkeep(after), upkeep(after)]);
        await upkeep(after + 60_000);
        const group = await db().selectFrom('group_buy_groups').selectAll().where('id', '=', groupId).executeTakeFirstOrThrow();
        expect(group.status).toBe('failed');
        for (const id of [leaderOrderId, bOrder]) {
          expect((await orderRowOf(t, id)).status).toBe('refunded');
          const refunds = await db().selectFrom('refunds').select(['refund_no', 'status', 'source']).where('order_id', '=', id).execute();
          expect(refunds).toEqual([expect.objectContaining({ status: 'success', source: 'group_failed' })]);
        }
        // The unpaid joiner's order simply closed.
        expect((await orderRowOf(t, cOrder)).status).toBe('closed');
        const members = await db().selectFrom('group_buy_members').select(['order_id', 'status']).where('group_id', '=', groupId).orderBy('id').execute();
        expect(members.map((m) => m.status)).toEqual(['refunded', 'refunded', 'released']);
        for (const u of [leader, b, c]) expect(await owns(u.user.id, course.id)).toBe(false);
        const mine = (await get('/v1/activities/groups/mine', leader.headers)).json().data;
        expect(mine.rows[0]).toMatchObject({ memberStatus: 'refunded', group: { status: 'failed' } });
        await invariants();
      });

      it('keeps each caller to their own orders and groups', async () => {
        const { leader, groupId, leaderOrderId } = await startedGroup(3);
        const stranger = await signedInUser(t);
        expect((await post(t, `/v1/orders/${leaderOrderId}/order_web_wxpay`, stranger.headers)).json().code).toBe(-10004);
        expect((await post(t, `/v1/orders/${leaderOrderId}/sandbox_pay`, stranger.headers)).json().code).toBe(-10004);
        expect((await t.app.inject({ method: 'DELETE', url: `/v1/orders/${leaderOrderId}`, headers: stranger.headers })).json().code).toBe(-10004);
        const detail = (await get(`/v1/activities/groups/${groupId}`, stranger.headers)).json().data;
        expect(detail.mine).toBeNull();
        expect((await get('/v1/activities/groups/mine', stranger.headers)).json().data.total).toBe(0);
        expect((await get('/v1/activities/groups/mine', leader.headers)).json().data.total).toBe(1);
        expect((await post(t, `/v1/activities/groups/${groupId}/join`)).json().code).toBe(403);
        expect((await get(`/v1/activities/groups/${groupId}`)).json().code).toBe(403);
      });

      it('lists group orders under type 3 of /v1/orders/list', async () => {
        const { leader, leaderOrderId } = await startedGroup(3);
        const list = (await get('/v1/orders/list/3', leader.headers)).json();
        expect(list.code).toBe(0);
        expect(list.data.rows.map((o: { orderId: number; type: number }) => [o.orderId, o.type])).toEqual([[leaderOrderId, 3]]);
      });
    });

    async function ownerOf(courseId: number) {
      const owner = await signedInUser(t);
      await db().insertInto('user_courses').values({ user_id: owner.user.id, course_id: courseId, source: 'free', created_at: Date.now() }).execute();
      return owner;
    }
    /** What a sharer's link carries (decision 019): their id as a hint and the token the server issued. */
    async function linkOf(sharer: { user: { id: number }; headers: Record<string, string> }, courseId: number): Promise<{ suid: number; it: string }> {
      const res = (await post(t, `/v1/activities/invite/${courseId}/link`, sharer.headers)).json();
      expect(res.code, JSON.stringify(res)).toBe(0);
      return { suid: sharer.user.id, it: res.data.token as string };
    }
    const qs = (ref: { suid: number; it: string }) => `suid=${ref.suid}&it=${ref.it}`;

    describe('invite orders (type 2)', () => {
      it('sells at the invite price and marks the invitation success once, however many notifications arrive', async () => {
        const course = await buildCourse(db(), { price: 29900, vip_price: null });
        const inviter = await ownerOf(course.id);
        const invitee = await signedInUser(t);
        const link = await linkOf(inviter, course.id);
        const offer = (await get(`/v1/activities/invite/${course.id}?${qs(link)}`, invitee.headers)).json().data;
        expect(offer).toMatchObject({ valid: true, price: 29900, invitePrice: 26910, invitePriceYuan: '269.10', inviterNickname: inviter.user.nickname });
        // An ordinary pending order for the course gives way to the invitation.
        const normal = (await post(t, `/v1/orders/${course.id}`, invitee.headers)).json().data.order.orderId as number;
        const res = await t.app.inject({ method: 'POST', url: `/v1/activities/invite/${course.id}/order`, headers: invitee.headers, payload: link });
        expect(res.json().code, res.body).toBe(0);
        const orderId = res.json().data.order.orderId as number;
        expect((await orderRowOf(t, normal)).status).toBe('closed');
        const order = await orderRowOf(t, orderId);
        expect([order.type, order.kind, order.amount_fen]).toEqual([2, 1, 26910]);
        await post(t, `/v1/orders/${orderId}/order_web_wxpay`, invitee.headers);
        const signed = sandboxOf(t).simulatePayment(order.order_no, order.amount_fen);
        await Promise.all(Array.from({ length: 20 }, () => notify(t, signed)));
        const inv = await db().selectFrom('invitations').selectAll().where('order_id', '=', orderId).execute();
        expect(inv.map((i) => [i.inviter_user_id, i.status])).toEqual([[inviter.user.id, 1]]);
        expect(await owns(invitee.user.id, course.id)).toBe(true);
        const mine = (await get('/v1/activities/invitations/mine', inviter.headers)).json().data;
        expect([mine.total, mine.successCount]).toEqual([1, 1]);
        expect((await get('/v1/activities/invitations/mine', invitee.headers)).json().data.total).toBe(0);
        expect((await get('/v1/orders/list/2', invitee.headers)).json().data.rows.map((o: { orderId: number }) => o.orderId)).toEqual([orderId]);
        await invariants();
      });

      it('refuses a self-invitation and an inviter who does not own the course; an unpaid invitation fails', async () => {
        const course = await buildCourse(db(), { price: 9900 });
        const owner = await ownerOf(course.id);
        const nobody = await signedInUser(t);
        const send = (suid: number, headers: Record<string, string>, it?: string) =>
          t.app.inject({ method: 'POST', url: `/v1/activities/invite/${course.id}/order`, headers, payload: it === undefined ? { suid } : { suid, it } });
        // Only an owner gets a link (activities-invites.test.ts covers forged, expired and self links).
        expect((await post(t, `/v1/activities/invite/${course.id}/link`, nobody.headers)).json().code).toBe(-10252);
        const ownLink = await linkOf(owner, course.id);
        expect((await send(nobody.user.id, nobody.headers)).json().code).toBe(-10123);
        const other = await signedInUser(t);
        expect((await send(nobody.user.id, other.headers)).json().code).toBe(-10123);
        expect((await send(999999999, other.headers)).json().code).toBe(-10123);
        // A bare suid of a real owner is only a hint: no invitation without the token.
        expect((await send(owner.user.id, other.headers)).json().code).toBe(-10123);
        expect((await send(0, other.headers)).json().code).toBe(-10001);
        expect((await t.app.inject({ method: 'POST', url: `/v1/activities/invite/${course.id}/order`, headers: other.headers, payload: {} })).json().code).toBe(-10001);
        const orderId = (await send(owner.user.id, other.headers, ownLink.it)).json().data.order.orderId as number;
        await runOrderUpkeep(db(), t.app.adapters.pay, Date.now() + 2 * HOUR);
        await upkeep(Date.now() + 2 * HOUR);
        const inv = await db().selectFrom('invitations').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow();
        expect(inv.status).toBe(2);
        await invariants();
      });
    });

    describe('cash-back orders (type 4)', () => {
      async function cashbackCourse(overrides: { vip_price?: number | null } = {}) {
        const course = await buildCourse(db(), { price: 12900, vip_price: 9900, activity_type: 1, ...overrides });
        await db().insertInto('cashback_offers').values({ course_id: course.id, rebate_fen: 2000, created_at: Date.now() }).execute();
        return course;
      }
      const order = (courseId: number, headers: Record<string, string>, ref?: { suid: number; it?: string }) =>
        t.app.inject({ method: 'POST', url: `/v1/activities/cashback/${courseId}/order`, headers, payload: ref ?? {} });

      it('rewards the sharer once per buyer order, pays out once under concurrent sweeps, never to the buyer', async () => {
        const course = await cashbackCourse();
        const sharer = await ownerOf(course.id);
        const buyer = await signedInUser(t);
        const link = await linkOf(sharer, course.id);
        const offer = (await get(`/v1/activities/cashback/${course.id}?${qs(link)}`, buyer.headers)).json().data;
        expect(offer).toMatchObject({ rebate: 2000, rebateYuan: '20.00', price: 12900, sharerRewarded: true, sharerNickname: sharer.user.nickname, blockedCode: 0 });
        const res = await order(course.id, buyer.headers, link);
        expect(res.json().code, res.body).toBe(0);
        const o = await orderRowOf(t, res.json().data.order.orderId);
        expect([o.type, o.kind, o.amount_fen]).toEqual([4, 4, 12900]);
        await post(t, `/v1/orders/${o.id}/order_web_wxpay`, buyer.headers);
        const signed = sandboxOf(t).simulatePayment(o.order_no, o.amount_fen);
        await Promise.all(Array.from({ length: 20 }, () => notify(t, signed)));
        const rewards = await db().selectFrom('cashback_rewards').selectAll().where('buyer_order_id', '=', o.id).execute();
        expect(rewards.map((r) => [r.sharer_user_id, r.amount_fen, r.status])).toEqual([[sharer.user.id, 2000, 'pending']]);
        expect(await owns(buyer.user.id, course.id)).toBe(true);

        // Held through the refund window, then paid once however many sweeps run together.
        await upkeep(Date.now());
        expect(payout().transfers.size).toBe(0);
        const due = Date.now() + REWARD_HOLD_MS + 1000;
        const rounds = await Promise.all([upkeep(due), upkeep(due), upkeep(due), upkeep(due)]);
        expect(rounds.reduce((n, r) => n + r.payouts.paidOut, 0)).toBe(1);
        await upkeep(due + 10 * 60_000);
        const paid = await db().selectFrom('cashback_rewards').selectAll().where('buyer_order_id', '=', o.id).executeTakeFirstOrThrow();
        expect(paid.status).toBe('paid_out');
        const transfers = [...payout().transfers.values()].filter((x) => x.payoutNo === paid.payout_no);
        expect(transfers.map((x) => [x.userId, x.amountFen])).toEqual([[sharer.user.id, 2000]]);
        const mine = (await get('/v1/activities/cashback/mine', sharer.headers)).json().data;
        expect(mine).toMatchObject({ total: 1, paidOutFen: 2000, pendingFen: 0 });
        expect(mine.rows[0]).toMatchObject({ status: 'paid_out', amountYuan: '20.00', courseId: course.id });
        expect((await get('/v1/activities/cashback/mine', buyer.headers)).json().data.total).toBe(0);
        expect((await get('/v1/orders/list/4', buyer.headers)).json().data.rows.map((r: { orderId: number }) => r.orderId)).toEqual([o.id]);
        await invariants();
      });

      it('gives no reward for a self-referral or a sharer who does not own the course', async () => {
        const course = await cashbackCourse();
        const buyer = await ownerOf(course.id);
        const ownLink = await linkOf(buyer, course.id);
        await db().deleteFrom('user_courses').where('user_id', '=', buyer.user.id).execute();
        const stranger = await signedInUser(t);
        expect((await get(`/v1/activities/cashback/${course.id}?${qs(ownLink)}`, buyer.headers)).json().data.sharerRewarded).toBe(false);
        const first = (await order(course.id, buyer.headers, ownLink)).json().data.order.orderId as number;
        expect(await pay(first, buyer.headers)).toBe('paid');
        const other = await signedInUser(t);
        const second = (await order(course.id, other.headers, { suid: stranger.user.id })).json().data.order.orderId as number;
        expect(await pay(second, other.headers)).toBe('paid');
        expect(await db().selectFrom('cashback_rewards').select('id').where('buyer_order_id', 'in', [first, second]).execute()).toHaveLength(0);
        await invariants();
      });

      it('cancels a reward not yet paid out when the buyer is refunded, and keeps one already paid', async () => {
        const course = await cashbackCourse();
        const sharer = await ownerOf(course.id);
        const link = await linkOf(sharer, course.id);
        const refund = (id: number) => t.app.inject({ method: 'POST', url: `/v1/orders/${id}/refund`, headers: { 'x-ops-token': t.config.opsToken ?? '' }, payload: {} });

        const early = await signedInUser(t);
        const o1 = (await order(course.id, early.headers, link)).json().data.order.orderId as number;
        await pay(o1, early.headers);
        expect((await refund(o1)).json().code).toBe(0);
        const cancelled = await db().selectFrom('cashback_rewards').selectAll().where('buyer_order_id', '=', o1).executeTakeFirstOrThrow();
        expect(cancelled.status).toBe('cancelled');
        await upkeep(Date.now() + REWARD_HOLD_MS + 1000);
        expect((await db().selectFrom('cashback_rewards').select('status').where('id', '=', cancelled.id).executeTakeFirstOrThrow()).status).toBe('cancelled');
        expect([...payout().transfers.values()].some((x) => x.payoutNo.startsWith(`JFCB${cancelled.id}R`))).toBe(false);

        const late = await signedInUser(t);
        const o2 = (await order(course.id, late.headers, link)).json().data.order.orderId as number;
        await pay(o2, late.headers);
        await upkeep(Date.now() + REWARD_HOLD_MS + 1000);
        expect((await refund(o2)).json().code).toBe(0);
        expect((await db().selectFrom('cashback_rewards').select('status').where('buyer_order_id', '=', o2).executeTakeFirstOrThrow()).status).toBe('paid_out');
        await invariants();
      });

      it('applies the VIP rule -1368 and refuses a course without a cash-back offer', async () => {
        const course = await cashbackCourse({ vip_price: null });
        const vip = await signedInUser(t, { user_type: 3, member_expire_at: Date.now() + 30 * 24 * HOUR });
        expect((await order(course.id, vip.headers)).json().code).toBe(-1368);
        expect((await get(`/v1/activities/cashback/${course.id}`, vip.headers)).json().data).toMatchObject({ price: null, blockedCode: -1368 });
        const plain = await buildCourse(db(), { price: 9900 });
        expect((await order(plain.id, vip.headers)).json().code).toBe(-10124);
        expect((await get(`/v1/activities/cashback/${plain.id}`, vip.headers)).json().code).toBe(-10124);
        expect((await post(t, `/v1/activities/cashback/${course.id}/order`)).json().code).toBe(403);
      });
    });
  });
}
