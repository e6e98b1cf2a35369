/**
 * Invitations the server can check (issue 11 §5, decision 019): a numeric `suid` is a hint. The
 * invite price, the cash-back reward and the sharer's name come only from a token the server issued
 * to someone who owns the course, for that course, not expired, and not to the buyer. Forged,
 * enumerated, expired and self links discount nothing, attribute nothing and reveal no one.
 */
import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { ErrorCodes } from '@jinfa/shared';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, signedInUser } from './support/factories.ts';
import type { TestApp } from './support/build.ts';
import { orderRowOf, post, useOrdersApp } from './orders-helpers.ts';
import { INVITE_LINK_TTL_MS } from '../src/modules/activities/referral-service.ts';
import { sha256Hex } from '../src/lib/crypto.ts';

type Learner = Awaited<ReturnType<typeof signedInUser>>;

for (const dialect of dialectsUnderTest()) {
  describe(`verified invitations (${dialect})`, () => {
    let t: TestApp;
    const { db, get } = useOrdersApp(dialect, (app) => (t = app));
    const send = (url: string, headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });

    async function ownerOf(courseId: number, nickname: string): Promise<Learner> {
      const owner = await signedInUser(t, { nickname, avatar: `https://img.example.com/${nickname}.png`, mobile: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` });
      await db().insertInto('user_courses').values({ user_id: owner.user.id, course_id: courseId, source: 'free', created_at: Date.now() }).execute();
      return owner;
    }
    async function linkOf(sharer: Learner, courseId: number) {
      const res = (await post(t, `/v1/activities/invite/${courseId}/link`, sharer.headers)).json();
      expect(res.code, JSON.stringify(res)).toBe(0);
      return res.data as { token: string; suid: number; courseId: number; expiresAt: string };
    }
    async function courses() {
      const invite = await buildCourse(db(), { price: 29900, vip_price: null });
      const cashback = await buildCourse(db(), { price: 12900, vip_price: 9900, activity_type: 1 });
      await db().insertInto('cashback_offers').values({ course_id: cashback.id, rebate_fen: 2000, created_at: Date.now() }).execute();
      return { invite, cashback };
    }
    const referralsOf = (orderId: number) => db().selectFrom('cashback_referrals').select('sharer_user_id').where('order_id', '=', orderId).execute();
    const invitationsOf = (orderId: number) => db().selectFrom('invitations').select('inviter_user_id').where('order_id', '=', orderId).execute();

    /** Nothing about any sharer in an answer: no name, avatar or phone. */
    function expectNoOneRevealed(body: string, sharers: Learner[]) {
      for (const s of sharers) {
        expect(body).not.toContain(s.user.nickname);
        if (s.user.avatar) expect(body).not.toContain(s.user.avatar);
        if (s.user.mobile) expect(body).not.toContain(s.user.mobile);
      }
    }

    it('POST /v1/activities/invite/:courseId/link: only an owner gets a token, and only its hash is stored', async () => {
      const { invite } = await courses();
      const owner = await ownerOf(invite.id, '链接主人');
      const stranger = await signedInUser(t);
      expect((await post(t, `/v1/activities/invite/${invite.id}/link`, stranger.headers)).json().code).toBe(ErrorCodes.INVITE_NOT_ALLOWED);
      expect((await post(t, `/v1/activities/invite/${invite.id}/link`)).statusCode).toBeGreaterThanOrEqual(400);
      const before = Date.now();
      const link = await linkOf(owner, invite.id);
      expect(link).toMatchObject({ courseId: invite.id, suid: owner.user.id });
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      expect(Date.parse(link.expiresAt) - before).toBeGreaterThanOrEqual(INVITE_LINK_TTL_MS - 1000);
      const rows = await db().selectFrom('share_invites').selectAll().where('sharer_user_id', '=', owner.user.id).execute();
      expect(rows.map((r) => r.token_hash)).toEqual([sha256Hex(link.token)]);
      expect(JSON.stringify(rows)).not.toContain(link.token);
    });

    it('a valid link gives the invite price, the reward and the sharer’s name', async () => {
      const { invite, cashback } = await courses();
      const inviter = await ownerOf(invite.id, '真邀请人');
      const sharer = await ownerOf(cashback.id, '真分享人');
      const buyer = await signedInUser(t);
      const il = await linkOf(inviter, invite.id);
      const offer = (await get(`/v1/activities/invite/${invite.id}?suid=${il.suid}&it=${il.token}`, buyer.headers)).json().data;
      expect(offer).toMatchObject({ valid: true, inviterNickname: '真邀请人', invitePrice: 26910 });
      const io = (await send(`/v1/activities/invite/${invite.id}/order`, buyer.headers, { suid: il.suid, it: il.token })).json();
      expect(io.code, JSON.stringify(io)).toBe(0);
      expect((await orderRowOf(t, io.data.order.orderId)).amount_fen).toBe(26910);
      expect(await invitationsOf(io.data.order.orderId)).toEqual([{ inviter_user_id: inviter.user.id }]);

      const cl = await linkOf(sharer, cashback.id);
      const co = (await get(`/v1/activities/cashback/${cashback.id}?suid=${cl.suid}&it=${cl.token}`, buyer.headers)).json().data;
      expect(co).toMatchObject({ sharerRewarded: true, sharerNickname: '真分享人' });
      const order = (await send(`/v1/activities/cashback/${cashback.id}/order`, buyer.headers, { suid: cl.suid, it: cl.token })).json();
      expect(order.code).toBe(0);
      expect(await referralsOf(order.data.order.orderId)).toEqual([{ sharer_user_id: sharer.user.id }]);
    });

    it('enumerated suids (1..50 and every real sharer) reveal no one and discount or attribute nothing', async () => {
      const { invite, cashback } = await courses();
      const sharers = [await ownerOf(invite.id, '被枚举甲'), await ownerOf(invite.id, '被枚举乙'), await ownerOf(cashback.id, '被枚举丙')];
      // They did share: their links exist, the enumerator just does not have them.
      for (const s of sharers) await linkOf(s, s === sharers[2] ? cashback.id : invite.id);
      const buyer = await signedInUser(t);
      const ids = [...Array.from({ length: 50 }, (_, i) => i + 1), ...sharers.map((s) => s.user.id)];
      for (const suid of ids) {
        const io = await get(`/v1/activities/invite/${invite.id}?suid=${suid}`, buyer.headers);
        expect(io.json().data).toMatchObject({ valid: false, inviterNickname: '', price: 29900 });
        expectNoOneRevealed(io.body, sharers);
        const co = await get(`/v1/activities/cashback/${cashback.id}?suid=${suid}`, buyer.headers);
        expect(co.json().data).toMatchObject({ sharerRewarded: false, sharerNickname: '' });
        expectNoOneRevealed(co.body, sharers);
        const order = await send(`/v1/activities/invite/${invite.id}/order`, buyer.headers, { suid });
        expect(order.json().code).toBe(ErrorCodes.REFERRAL_INVALID);
      }
      // The cash-back order still sells, at full price and attributed to no one.
      const order = (await send(`/v1/activities/cashback/${cashback.id}/order`, buyer.headers, { suid: sharers[2]!.user.id })).json();
      expect(order.code).toBe(0);
      expect((await orderRowOf(t, order.data.order.orderId)).amount_fen).toBe(12900);
      expect(await referralsOf(order.data.order.orderId)).toEqual([]);
      expect(await db().selectFrom('invitations').select('id').where('invitee_user_id', '=', buyer.user.id).execute()).toEqual([]);
    });

    it('a forged token, or a real one for another course, counts for nothing', async () => {
      const { invite, cashback } = await courses();
      const inviter = await ownerOf(invite.id, '伪造对象');
      await db().insertInto('user_courses').values({ user_id: inviter.user.id, course_id: cashback.id, source: 'free', created_at: Date.now() }).execute();
      const buyer = await signedInUser(t);
      const forged = crypto.randomBytes(18).toString('base64url');
      const otherCourse = (await linkOf(inviter, cashback.id)).token;
      for (const it of [forged, otherCourse]) {
        const offer = await get(`/v1/activities/invite/${invite.id}?suid=${inviter.user.id}&it=${it}`, buyer.headers);
        expect(offer.json().data).toMatchObject({ valid: false, inviterNickname: '' });
        expectNoOneRevealed(offer.body, [inviter]);
        expect((await send(`/v1/activities/invite/${invite.id}/order`, buyer.headers, { suid: inviter.user.id, it })).json().code).toBe(ErrorCodes.REFERRAL_INVALID);
      }
      // Malformed tokens are refused by the schema, never a 500.
      const bad = await get(`/v1/activities/invite/${invite.id}?suid=${inviter.user.id}&it=${encodeURIComponent("x' or 1=1 --")}`, buyer.headers);
      expect(bad.statusCode).toBeLessThan(500);
      expect(bad.json().code).toBe(ErrorCodes.VALIDATION);
    });

    it('a self-referral and an expired link count for nothing', async () => {
      const { invite, cashback } = await courses();
      const self = await ownerOf(cashback.id, '自荐者');
      const own = await linkOf(self, cashback.id);
      // The sharer lost the course (e.g. refunded) and buys it again through their own link.
      await db().deleteFrom('user_courses').where('user_id', '=', self.user.id).execute();
      const co = (await get(`/v1/activities/cashback/${cashback.id}?suid=${own.suid}&it=${own.token}`, self.headers)).json().data;
      expect(co).toMatchObject({ sharerRewarded: false, sharerNickname: '' });
      const selfOrder = (await send(`/v1/activities/cashback/${cashback.id}/order`, self.headers, { suid: own.suid, it: own.token })).json();
      expect(selfOrder.code).toBe(0);
      expect(await referralsOf(selfOrder.data.order.orderId)).toEqual([]);

      const inviter = await ownerOf(invite.id, '过期邀请人');
      const link = await linkOf(inviter, invite.id);
      const buyer = await signedInUser(t);
      await db()
        .updateTable('share_invites')
        .set({ expires_at: Date.now() - 1 })
        .where('token_hash', '=', sha256Hex(link.token))
        .execute();
      const offer = await get(`/v1/activities/invite/${invite.id}?suid=${link.suid}&it=${link.token}`, buyer.headers);
      expect(offer.json().data).toMatchObject({ valid: false, inviterNickname: '' });
      expectNoOneRevealed(offer.body, [inviter]);
      expect((await send(`/v1/activities/invite/${invite.id}/order`, buyer.headers, { suid: link.suid, it: link.token })).json().code).toBe(ErrorCodes.REFERRAL_INVALID);
      // A fresh link of the same sharer works again.
      const fresh = await linkOf(inviter, invite.id);
      expect((await get(`/v1/activities/invite/${invite.id}?suid=${fresh.suid}&it=${fresh.token}`, buyer.headers)).json().data.valid).toBe(true);
    });
  });
}
