import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PayProviderError } from '../src/adapters/pay/payment-provider.ts';
import { WechatTransferClient } from '../src/adapters/payout/wechat-transfer.ts';
import { SandboxPayoutProvider } from '../src/adapters/payout/sandbox-payout.ts';
import { payOutRewards } from '../src/modules/activities/payout-service.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildUser } from './support/factories.ts';
import { buildOrdersApp } from './orders-helpers.ts';
import type { TestApp } from './support/build.ts';
import { startWechatTransferFake, type FakeTransferServer } from './fakes/wechat-transfer-fake-server.ts';

const APP_ID = 'wx1111111111mp0001';
const MCH_ID = '1900000109';
const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });

let fake: FakeTransferServer;
const client = (overrides: { timeoutMs?: number } = {}) =>
  new WechatTransferClient({
    appId: APP_ID,
    mchId: MCH_ID,
    serialNo: SERIAL,
    privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    platformPublicKey: fake.platformPublicKeyPem,
    platformSerial: fake.platformSerial,
    apiBase: fake.baseUrl,
    timeoutMs: overrides.timeoutMs ?? 5000,
  });

beforeAll(async () => {
  fake = await startWechatTransferFake({ mchId: MCH_ID, appId: APP_ID, serialNo: SERIAL, publicKey: merchant.publicKey });
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.detailStatus = 'SUCCESS';
  fake.forgeAnswers(false);
  fake.failNext(0);
});

let seq = 0;
const no = () => `JFT${Date.now()}${++seq}`;

describe('WechatTransferClient (商家转账到零钱) against a local fake', () => {
  it('signs its requests, transfers once per payout number and answers SUCCESS', async () => {
    const payoutNo = no();
    const input = { payoutNo, userId: 1, openid: 'o-sharer', amountFen: 2000, remark: '金法课堂分享返现' };
    const first = await client().transfer(input);
    expect(first).toMatchObject({ payoutNo, state: 'SUCCESS' });
    expect(first.transferId).toMatch(/^104/);
    const again = await Promise.all([client().transfer(input), client().transfer(input)]);
    expect(again.map((r) => r.state)).toEqual(['SUCCESS', 'SUCCESS']);
    expect([...fake.transfers.values()].filter((x) => x.outBatchNo === payoutNo).map((x) => [x.amount, x.openid])).toEqual([[2000, 'o-sharer']]);
    expect(fake.requests.every((r) => r.signatureOk)).toBe(true);
  });

  it('reports PROCESSING until WeChat settles, then SUCCESS, without a second transfer', async () => {
    fake.detailStatus = 'PROCESSING';
    const input = { payoutNo: no(), userId: 1, openid: 'o-2', amountFen: 800, remark: '返现' };
    expect((await client().transfer(input)).state).toBe('PROCESSING');
    fake.transfers.get(input.payoutNo)!.status = 'SUCCESS';
    expect((await client().transfer(input)).state).toBe('SUCCESS');
    expect([...fake.transfers.keys()].filter((k) => k === input.payoutNo)).toHaveLength(1);
  });

  it('maps a failed detail to FAILED with its reason', async () => {
    fake.detailStatus = 'FAIL';
    expect(await client().transfer({ payoutNo: no(), userId: 1, openid: 'o-3', amountFen: 500, remark: '返现' })).toMatchObject({ state: 'FAILED', failReason: 'OPENID_INVALID' });
  });

  it('refuses an answer it cannot verify, and calls 5xx retryable and a missing openid final', async () => {
    fake.forgeAnswers(true);
    await expect(client().transfer({ payoutNo: no(), userId: 1, openid: 'o-4', amountFen: 500, remark: '返现' })).rejects.toMatchObject({ kind: 'signature' });
    fake.forgeAnswers(false);
    fake.failNext(1);
    const err = await client().transfer({ payoutNo: no(), userId: 1, openid: 'o-4', amountFen: 500, remark: '返现' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PayProviderError);
    expect((err as PayProviderError).retryable).toBe(true);
    const noOpenid = await client().transfer({ payoutNo: no(), userId: 1, amountFen: 500, remark: '返现' }).catch((e: unknown) => e);
    expect([(noOpenid as PayProviderError).code, (noOpenid as PayProviderError).retryable]).toEqual(['NO_OPENID', false]);
  });
});

for (const dialect of dialectsUnderTest()) {
  describe(`cash-back payout sweep (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildOrdersApp(dialect);
    });
    afterAll(async () => {
      await t?.close();
    });

    /** A pending reward of a fresh sharer for a fresh buyer order, payable now. */
    async function reward(amountFen = 1500) {
      const db = t.app.db;
      const [sharer, buyer] = [await buildUser(db), await buildUser(db)];
      const course = await buildCourse(db, { activity_type: 1 });
      const now = Date.now();
      const order = await db
        .insertInto('orders')
        .values({ order_no: crypto.randomBytes(16).toString('hex'), user_id: buyer.id, type: 4, kind: 4, target_id: course.id, course_id: course.id, chapter_id: null, column_id: null, amount_fen: 12900, status: 'paid', provider: 'sandbox', prepay_id: null, transaction_id: `tx${now}${++seq}`, created_at: now, paid_at: now, expires_at: now, closed_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('wechat_identities').values({ user_id: sharer.id, app_id: APP_ID, openid: `o-${sharer.id}`, unionid: null, created_at: now, sns_refresh_token: null, sns_refresh_expires_at: null }).execute();
      return db
        .insertInto('cashback_rewards')
        .values({ sharer_user_id: sharer.id, buyer_user_id: buyer.id, buyer_order_id: order.id, course_id: course.id, amount_fen: amountFen, status: 'pending', payout_no: null, payout_ref: null, last_error: null, payable_at: now - 1, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const statusOf = async (id: number) => t.app.db.selectFrom('cashback_rewards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('pays each reward once through WeChat even when sweeps run at once, and retries what was processing', async () => {
      const r = await reward(1500);
      const wechat = client();
      const now = Date.now();
      const rounds = await Promise.all([1, 2, 3].map(() => payOutRewards(t.app.db, wechat, { appId: APP_ID, now })));
      expect(rounds.reduce((n, x) => n + x.attempted, 0)).toBe(1);
      const row = await statusOf(r.id);
      expect(row.status).toBe('paid_out');
      expect(row.payout_no).toMatch(new RegExp(`^JFCB${r.id}R[0-9a-f]{16}$`));
      expect(fake.transfers.get(row.payout_no as string)).toMatchObject({ amount: 1500, openid: `o-${r.sharer_user_id}` });

      fake.detailStatus = 'PROCESSING';
      const before = fake.transfers.size;
      const slow = await reward(700);
      const at = Date.now();
      await payOutRewards(t.app.db, wechat, { appId: APP_ID, now: at });
      const paying = await statusOf(slow.id);
      expect(paying.status).toBe('paying');
      fake.transfers.get(paying.payout_no as string)!.status = 'SUCCESS';
      // Not asked again before the retry interval; then once, by one of two sweeps.
      expect((await payOutRewards(t.app.db, wechat, { appId: APP_ID, now: at + 1000 })).attempted).toBe(0);
      const later = await Promise.all([payOutRewards(t.app.db, wechat, { appId: APP_ID, now: at + 61_000 }), payOutRewards(t.app.db, wechat, { appId: APP_ID, now: at + 61_000 })]);
      expect(later.reduce((n, x) => n + x.attempted, 0)).toBe(1);
      expect((await statusOf(slow.id)).status).toBe('paid_out');
      expect(fake.transfers.size - before).toBe(1);
    });

    it('leaves a reward paying on a 5xx and marks a definitive refusal failed', async () => {
      const sandbox = new SandboxPayoutProvider();
      const r = await reward(900);
      fake.failNext(5);
      await payOutRewards(t.app.db, client(), { appId: APP_ID, now: Date.now() });
      const stuck = await statusOf(r.id);
      expect([stuck.status, stuck.last_error !== null]).toEqual(['paying', true]);
      fake.failNext(0);
      await payOutRewards(t.app.db, client(), { appId: APP_ID, now: Date.now() + 61_000 });
      expect((await statusOf(r.id)).status).toBe('paid_out');
      // The sandbox pays without WeChat; the WeChat client refuses a sharer without an openid for good.
      const bare = await reward(300);
      await t.app.db.deleteFrom('wechat_identities').where('user_id', '=', bare.sharer_user_id).execute();
      await payOutRewards(t.app.db, client(), { appId: APP_ID, now: Date.now() });
      expect((await statusOf(bare.id)).status).toBe('failed');
      const viaSandbox = await reward(400);
      await payOutRewards(t.app.db, sandbox, { appId: APP_ID, now: Date.now() });
      expect((await statusOf(viaSandbox.id)).status).toBe('paid_out');
      expect(sandbox.transfers.size).toBe(1);
    });
  });
}
