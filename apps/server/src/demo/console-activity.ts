/**
 * The console's demo activity (issue 13): demo learners and their profile reviews, orders,
 * payments, refund requests and refunds, payment anomalies, listening and reviews, written by
 * seedDemoData (seeder.ts) inside its one transaction, after the catalogue.
 *
 * Everything happens on one timeline, oldest first, through the writers the running server uses
 * where a fact has one — the order kinds' `fulfil` and `refund` (grants, memberships), the order,
 * refund and anomaly repositories, the access module's entitlement check for every sitting — so
 * every count and total the console or the H5 app shows is true of the rows: grants follow orders
 * and go with refunds, membership follows its grants, list counters follow their triggers
 * (migration 025). Listening is kept in a ledger while the timeline runs and written in bulk at
 * the end (one statement per row and report would make every seeded test database seconds
 * slower): the same rows the player's reports leave (decision 016), credited by Shanghai day,
 * never overlapping on a learner's clock, and a course's learners count grows with each first
 * visit. Data that could not have happened (a sitting on a course the learner may not play, an
 * order before the account existed, a second pending order for the same thing) throws, failing
 * the seed.
 *
 * Times are relative to `anchor` (the moment the seed runs; common.ts `activityAt`). No operator
 * exists at seed time: decisions carry no `decided_by`, and no audit row is invented for them.
 */
import { createHash } from 'node:crypto';
import { SignupKind } from '@jinfa/shared';
import type { Trx } from '../db/conn.ts';
import type { OrderRow } from '../db/schema.ts';
import { SANDBOX_APP_ID, SANDBOX_MCH_ID } from '../adapters/pay/sandbox-pay.ts';
import { checkEntitlement } from '../modules/access/access-service.ts';
import { findPlayCourse, type PlayChapterRow, type PlayCourseRow } from '../modules/access/access-repository.ts';
import { isFinished, splitAcrossDays } from '../modules/listening/progress-accounting.ts';
import { listPlayChapters } from '../modules/media/media-repository.ts';
import { membershipOrderKind } from '../modules/memberships/order-kind.ts';
import { chapterOrderKind } from '../modules/orders/kinds/chapter.ts';
import { columnOrderKind } from '../modules/orders/kinds/column.ts';
import { courseOrderKind } from '../modules/orders/kinds/course.ts';
import type { OrderKind } from '../modules/orders/kinds/registry.ts';
import { courseAmountFor } from '../modules/orders/member-price.ts';
import { PAY_CURRENCY } from '../modules/orders/pay-anomalies.ts';
import { insertPayAnomalies } from '../modules/orders/pay-anomaly-repository.ts';
import { findOrderById, insertPayNotification, markClosed, markPaid } from '../modules/orders/order-repository.ts';
import { ORDER_TTL_MS } from '../modules/orders/order-service.ts';
import { endRefund, insertRefund } from '../modules/orders/refund-repository.ts';
import { refundNoOfOrder } from '../modules/orders/refund-service.ts';
import { markRefunded } from '../modules/orders/upkeep-repository.ts';
import { activityAt, type ActivityTime } from './common.ts';
import { COLUMNS } from './columns.ts';
import { COURSES } from './courses.ts';
import { DEMO_LEARNERS } from './learners.ts';
import { DEMO_STUDIES, type DemoStudySeed } from './learning.ts';
import { DEMO_ORDERS, DEMO_STRAY_ANOMALIES, type DemoOrderSeed, type DemoPurchase } from './orders.ts';
import { LEARNER_APPRAISALS, LEARNER_COMMENTS } from './reviews.ts';

/** The demo's orders are the sandbox cashier's (the provider a fresh start runs). */
const PROVIDER = 'sandbox';
const MINUTE_MS = 60_000;

/** Stable hex for a label: order numbers, transaction and event ids, record ids. */
function demoHex(label: string, length: number): string {
  return createHash('sha256').update(`jinfa-demo:${label}`).digest('hex').slice(0, length);
}

/** A client-made record id, shaped like the player's UUIDs. */
function demoRecordId(label: string): string {
  const h = demoHex(label, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

interface Ids {
  users: Map<string, number>;
  courses: Map<string, number>;
  columns: Map<string, number>;
  plans: Map<string, number>;
  /** The course and its published chapters as the player reads them (read once). */
  playable: (trx: Trx, courseId: number) => Promise<{ course: PlayCourseRow; chapters: PlayChapterRow[] }>;
}

function idOf(map: ReadonlyMap<string, number>, key: string, what: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`demo: unknown ${what} ${key}`);
  return id;
}

type Step = { at: number; seq: number; run: () => Promise<void> };

export async function insertConsoleActivity(trx: Trx, anchor: number): Promise<void> {
  const at = (t: ActivityTime) => {
    const ms = activityAt(t, anchor);
    if (ms >= anchor) throw new Error(`demo: ${t} is not before the seed`);
    return ms;
  };
  const ids = await loadIds(trx);
  const joinedAt = await insertLearners(trx, at, ids);

  const steps: Step[] = [];
  const plan = (when: number, run: () => Promise<void>) => steps.push({ at: when, seq: steps.length, run });
  const orderIds = new Map<DemoOrderSeed, number>();

  DEMO_ORDERS.forEach((o, i) => planOrder(trx, o, i, { at, ids, joinedAt, plan, orderIds }));
  for (const [i, a] of DEMO_STRAY_ANOMALIES.entries()) {
    const when = at(a.at);
    plan(when, async () => {
      const summary = JSON.stringify({
        received: { appid: a.received.appid, mchid: a.received.mchid, currency: PAY_CURRENCY, amountFen: a.received.amountFen, tradeState: 'SUCCESS' },
        expected: { appid: SANDBOX_APP_ID, mchid: SANDBOX_MCH_ID, currency: PAY_CURRENCY, amountFen: null },
      });
      await insertPayAnomalies(trx, [
        { provider: PROVIDER, orderId: null, orderNo: demoHex(`stray-order-${i}`, 32), transactionId: `sbx${when}${demoHex(`stray-tx-${i}`, 16)}`, eventId: `evt_${demoHex(`stray-evt-${i}`, 24)}`, kind: a.kind, summary, now: when },
      ]);
    });
  }

  // Each learner's sittings in time order: their learning clock only moves forward.
  const listening = new ListeningLedger();
  const sittings = DEMO_STUDIES.flatMap((s) => s.sessions.map((t, i) => ({ study: s, start: at(t), index: i })));
  const studied = new Map<string, number>();
  for (const s of sittings) {
    const key = `${s.study.learner}:${s.study.course}`;
    studied.set(key, Math.min(studied.get(key) ?? Infinity, s.start));
    if (s.start < idOf(joinedAt, s.study.learner, 'learner')) throw new Error(`demo: ${s.study.learner} studies before joining`);
    plan(s.start, () => sit(trx, ids, listening, s.study, s.index, s.start));
  }

  for (const [table, seeds] of [['appraisals', LEARNER_APPRAISALS], ['comments', LEARNER_COMMENTS]] as const) {
    for (const r of seeds) {
      const when = at(r.at);
      const first = studied.get(`${r.user}:${r.course}`);
      if (first === undefined || first >= when) throw new Error(`demo: ${r.user} reviews ${r.course} without having studied it`);
      const hiddenAt = r.hidden ? at(r.hidden.at) : null;
      if (hiddenAt !== null && hiddenAt <= when) throw new Error(`demo: review of ${r.course} hidden before it was written`);
      plan(when, async () => {
        const base = { course_id: idOf(ids.courses, r.course, 'course'), user_id: idOf(ids.users, r.user, 'learner'), content: r.content, created_at: when };
        // Written as the learner left it; a reviewer's hiding is a later fact, stored with it.
        const moderation = r.hidden ? { hidden: 1, hidden_reason: r.hidden.reason, hidden_at: hiddenAt } : {};
        if (table === 'appraisals') {
          await trx.insertInto('appraisals').values({ ...base, score: 'score' in r ? r.score : 5, updated_at: when, ...moderation }).execute();
        } else {
          await trx.insertInto('comments').values({ ...base, ...moderation }).execute();
        }
      });
    }
  }

  steps.sort((a, b) => a.at - b.at || a.seq - b.seq);
  for (const step of steps) await step.run();
  await listening.flush(trx);
}

async function loadIds(trx: Trx): Promise<Ids> {
  const courseRows = await trx.selectFrom('courses').select(['id', 'name']).execute();
  const byName = new Map(courseRows.map((r) => [r.name, Number(r.id)]));
  const courses = new Map(COURSES.map((c) => [c.key as string, idOf(byName, c.name, 'course')]));
  const columnRows = await trx.selectFrom('columns').select(['id', 'title']).execute();
  const byTitle = new Map(columnRows.map((r) => [r.title, Number(r.id)]));
  const columns = new Map(COLUMNS.map((c) => [c.key as string, idOf(byTitle, c.title, 'column')]));
  const plans = new Map((await trx.selectFrom('membership_plans').select(['id', 'code']).execute()).map((r) => [r.code, Number(r.id)]));
  const cache = new Map<number, { course: PlayCourseRow; chapters: PlayChapterRow[] }>();
  const playable = async (db: Trx, courseId: number) => {
    let hit = cache.get(courseId);
    if (!hit) {
      const course = await findPlayCourse(db, courseId);
      if (!course) throw new Error(`demo: no course ${courseId}`);
      hit = { course, chapters: await listPlayChapters(db, courseId) };
      cache.set(courseId, hit);
    }
    return hit;
  };
  return { users: new Map(), courses, columns, plans, playable };
}

/** Inserts the demo learners as of now (their review state is the latest); answers when each joined. */
async function insertLearners(trx: Trx, at: (t: ActivityTime) => number, ids: Ids): Promise<Map<string, number>> {
  const joinedAt = new Map<string, number>();
  const rows = DEMO_LEARNERS.map((l) => {
    const createdAt = at(l.joined);
    const r = l.review;
    const submittedAt = r.state === 'none' ? null : at(r.submitted);
    const decidedAt = r.state === 'passed' || r.state === 'failed' ? at(r.decided) : null;
    if ((submittedAt !== null && submittedAt < createdAt) || (decidedAt !== null && submittedAt !== null && decidedAt <= submittedAt)) {
      throw new Error(`demo: review times of ${l.mobile} out of order`);
    }
    joinedAt.set(l.mobile, createdAt);
    return {
      name: l.name,
      nickname: l.nickname,
      avatar: '',
      mobile: l.mobile,
      email: l.email,
      // Verified while filling in the profile (decision 018).
      email_verified_at: l.email && submittedAt !== null ? submittedAt : null,
      company: l.company,
      department: l.department,
      position: l.position,
      audit_status: r.state === 'passed' ? 1 : r.state === 'failed' ? 2 : 0,
      audit_remark: r.state === 'passed' || r.state === 'failed' ? r.remark : '',
      audit_submitted_at: submittedAt,
      audit_submit_count: r.state === 'none' ? 0 : (r.submissions ?? 1),
      user_type: 1,
      member_expire_at: null,
      corporate_id: null,
      account_status: l.account_status ?? 0,
      subscribed: r.state === 'none' ? 0 : 1,
      activated: r.state === 'none' ? 0 : 1,
      preset_label: null,
      created_at: createdAt,
      updated_at: Math.max(createdAt, submittedAt ?? 0, decidedAt ?? 0),
    };
  });
  const inserted = await trx.insertInto('users').values(rows).returning(['id', 'mobile']).execute();
  for (const r of inserted) ids.users.set(r.mobile ?? '', Number(r.id));
  return joinedAt;
}

interface OrderPlanning {
  at: (t: ActivityTime) => number;
  ids: Ids;
  joinedAt: ReadonlyMap<string, number>;
  plan: (when: number, run: () => Promise<void>) => void;
  orderIds: Map<DemoOrderSeed, number>;
}

/** The kind that fulfils and refunds an order for `buys` (as the registry would resolve it). */
function kindOf(buys: DemoPurchase): OrderKind {
  if ('course' in buys) return courseOrderKind;
  if ('chapter' in buys) return chapterOrderKind;
  if ('column' in buys) return columnOrderKind;
  return membershipOrderKind;
}

/** What checkout would write for `buys`, priced for the learner as they are at `now`. */
async function draftOf(trx: Trx, ids: Ids, userId: number, buys: DemoPurchase, now: number) {
  if ('course' in buys) {
    const course = await trx.selectFrom('courses').selectAll().where('id', '=', idOf(ids.courses, buys.course, 'course')).executeTakeFirstOrThrow();
    if (course.status !== 1 || course.is_free === 1 || course.corporate_id !== null) throw new Error(`demo: ${buys.course} cannot be bought`);
    const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    // The member rules checkout applies (a member-free course for a member throws).
    const amount = courseAmountFor(user, course, now);
    return { kind: SignupKind.COURSE, target: course.id, course: course.id, chapter: null, column: null, amount, description: course.name.slice(0, 120) };
  }
  if ('chapter' in buys) {
    const [courseKey, sort] = buys.chapter;
    const courseId = idOf(ids.courses, courseKey, 'course');
    const ch = await trx
      .selectFrom('chapters')
      .innerJoin('courses', 'courses.id', 'chapters.course_id')
      .select(['chapters.id', 'chapters.title', 'chapters.price', 'chapters.is_free_trial', 'courses.name'])
      .where('chapters.course_id', '=', courseId)
      .where('chapters.sort', '=', sort)
      .executeTakeFirstOrThrow();
    if (ch.is_free_trial === 1 || ch.price <= 0) throw new Error(`demo: chapter ${sort} of ${courseKey} is free`);
    return { kind: SignupKind.CHAPTER, target: ch.id, course: courseId, chapter: ch.id, column: null, amount: ch.price, description: `${ch.name} · ${ch.title}`.slice(0, 120) };
  }
  if ('column' in buys) {
    const col = await trx.selectFrom('columns').select(['id', 'title', 'price']).where('id', '=', idOf(ids.columns, buys.column, 'column')).executeTakeFirstOrThrow();
    return { kind: SignupKind.COLUMN, target: col.id, course: null, chapter: null, column: col.id, amount: col.price, description: col.title.slice(0, 120) };
  }
  const p = await trx.selectFrom('membership_plans').select(['id', 'name', 'price']).where('id', '=', idOf(ids.plans, buys.plan, 'plan')).executeTakeFirstOrThrow();
  return { kind: SignupKind.MEMBERSHIP, target: p.id, course: null, chapter: null, column: null, amount: p.price, description: `金法课堂${p.name}`.slice(0, 120) };
}

/** Schedules an order's life: placed, paid (and fulfilled) or closed at expiry, its anomaly, its refund request and decision. */
function planOrder(trx: Trx, o: DemoOrderSeed, i: number, p: OrderPlanning): void {
  const placedAt = p.at(o.placed);
  if (placedAt < (p.joinedAt.get(o.learner) ?? Infinity)) throw new Error(`demo: order ${i} placed before ${o.learner} joined`);
  const orderNo = demoHex(`order-${i}`, 32);
  const kind = kindOf(o.buys);
  const order = async (): Promise<OrderRow> => {
    const row = await findOrderById(trx, p.orderIds.get(o) ?? 0);
    if (!row) throw new Error(`demo: order ${i} missing`);
    return row;
  };

  p.plan(placedAt, async () => {
    const userId = idOf(p.ids.users, o.learner, 'learner');
    const d = await draftOf(trx, p.ids, userId, o.buys, placedAt);
    const row = await trx
      .insertInto('orders')
      .values({
        order_no: orderNo,
        user_id: userId,
        type: 1,
        kind: d.kind,
        target_id: d.target,
        course_id: d.course,
        chapter_id: d.chapter,
        column_id: d.column,
        amount_fen: d.amount,
        status: 'pending',
        provider: PROVIDER,
        description: d.description,
        // The learner opened the cashier: a prepay was made.
        prepay_id: `sbx_${demoHex(`prepay-${i}`, 24)}`,
        transaction_id: null,
        created_at: placedAt,
        paid_at: null,
        expires_at: placedAt + ORDER_TTL_MS,
        closed_at: null,
        payer_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    p.orderIds.set(o, Number(row.id));
  });

  if (o.anomaly) {
    const a = o.anomaly;
    if (o.outcome !== 'closed' || a.after_minutes * MINUTE_MS >= ORDER_TTL_MS) throw new Error(`demo: anomaly of order ${i} must precede its closing`);
    const when = placedAt + a.after_minutes * MINUTE_MS;
    p.plan(when, async () => {
      const row = await order();
      const received = {
        appid: a.received.appid ?? SANDBOX_APP_ID,
        mchid: a.received.mchid ?? SANDBOX_MCH_ID,
        currency: a.received.currency ?? PAY_CURRENCY,
        amountFen: a.received.amountFen ?? row.amount_fen,
        tradeState: 'SUCCESS',
      };
      const summary = JSON.stringify({ received, expected: { appid: SANDBOX_APP_ID, mchid: SANDBOX_MCH_ID, currency: PAY_CURRENCY, amountFen: row.amount_fen } });
      await insertPayAnomalies(trx, [
        { provider: PROVIDER, orderId: row.id, orderNo: row.order_no, transactionId: `sbx${when}${demoHex(`anomaly-tx-${i}`, 16)}`, eventId: `evt_${demoHex(`anomaly-evt-${i}`, 24)}`, kind: a.kind, summary, now: when },
      ]);
    });
  }

  if (o.outcome === 'closed') {
    if (o.refund) throw new Error(`demo: order ${i} was never paid, nothing to refund`);
    // The upkeep sweep closes it within a minute of its expiry.
    p.plan(placedAt + ORDER_TTL_MS + 40_000, async () => {
      if (!(await markClosed(trx, (await order()).id, placedAt + ORDER_TTL_MS + 40_000))) throw new Error(`demo: order ${i} not closed`);
    });
    return;
  }

  const paidAt = placedAt + (1 + (i % 4)) * MINUTE_MS;
  p.plan(paidAt, async () => {
    const row = await order();
    const transactionId = `sbx${paidAt}${demoHex(`tx-${i}`, 16)}`;
    await insertPayNotification(trx, { provider: PROVIDER, transactionId, orderNo: row.order_no, eventId: `evt_${demoHex(`evt-${i}`, 24)}`, amountFen: row.amount_fen, outcome: 'fulfilled', now: paidAt });
    if (!(await markPaid(trx, row.id, transactionId, paidAt))) throw new Error(`demo: order ${i} not paid`);
    await kind.fulfil(trx, await order(), paidAt);
  });

  if (!o.refund) return;
  const r = o.refund;
  const requestedAt = p.at(r.requested);
  if (requestedAt <= paidAt) throw new Error(`demo: refund of order ${i} requested before it was paid`);
  const requestId = { value: 0 };
  p.plan(requestedAt, async () => {
    const row = await order();
    const req = await trx
      .insertInto('refund_requests')
      .values({ order_id: row.id, user_id: row.user_id, amount_fen: row.amount_fen, reason: r.reason, status: 'pending', created_at: requestedAt, decided_at: null, decided_by: null, refund_no: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    requestId.value = Number(req.id);
  });
  if (!r.decision) return;
  const dec = r.decision;
  const decidedAt = p.at(dec.decided);
  if (decidedAt <= requestedAt) throw new Error(`demo: refund of order ${i} decided before it was asked`);
  p.plan(decidedAt, async () => {
    const row = await order();
    let refundNo: string | null = null;
    if (dec.approve) {
      // Decision 015: the refund row first, then the provider's SUCCESS ends it and the order
      // moves paid → refunded, its kind taking back what it granted.
      refundNo = refundNoOfOrder(row.order_no);
      await insertRefund(trx, {
        refund_no: refundNo,
        order_id: row.id,
        order_no: row.order_no,
        transaction_id: null,
        amount_fen: row.amount_fen,
        total_fen: row.amount_fen,
        reason: dec.reason,
        status: 'processing',
        source: 'operator',
        provider: PROVIDER,
        provider_refund_id: null,
        last_error: null,
        attempts: 1,
        created_at: decidedAt,
        updated_at: decidedAt,
        finished_at: null,
      });
      const doneAt = decidedAt + MINUTE_MS;
      if (!(await endRefund(trx, refundNo, 'success', { providerRefundId: `sbxr_${demoHex(`refund-${i}`, 16)}`, lastError: null, now: doneAt }))) {
        throw new Error(`demo: refund of order ${i} not ended`);
      }
      if (!(await markRefunded(trx, row.id))) throw new Error(`demo: order ${i} not refunded`);
      await kind.refund(trx, row, doneAt);
    }
    await trx
      .updateTable('refund_requests')
      .set({ status: dec.approve ? 'approved' : 'refused', decided_at: decidedAt, decision_reason: dec.reason, refund_no: refundNo })
      .where('id', '=', requestId.value)
      .where('status', '=', 'pending')
      .execute();
  });
}

/** Minutes of one sitting: the study's `minutes`, a little more or less from one sitting to the next. */
function sittingSeconds(study: DemoStudySeed, index: number): number {
  return Math.round(study.minutes * 60 * (1 + ((index % 3) - 1) * 0.1));
}

type Progress = { chapter_id: number | null; position: number; duration: number; played: number; finished: boolean; updated_at: number };
type CourseListen = {
  last_chapter_id: number | null;
  position: number;
  duration: number;
  played: number;
  started_at: number;
  finished_at: number | null;
  updated_at: number;
};

/**
 * The listening the sittings credit, kept in memory while the timeline runs and written in bulk
 * at the end: the rows the player's reports would have left (listening-service.ts) — one record
 * and one play visit per chapter played in a sitting, the chapter's progress, the course summary,
 * seconds per Shanghai day, the learner's clock — and the course page visits before them
 * (course_learners; a first visit counts a learner, as learning-service.ts does).
 */
class ListeningLedger {
  readonly records: Array<{ record_id: string; user_id: number; course_id: number; chapter_id: number | null; started_at: number; updated_at: number; position_seconds: number; duration_seconds: number; reported_seconds: number; played_seconds: number; reports: number; exited: number }> = [];
  readonly progress = new Map<string, Progress & { user_id: number; course_id: number; chapter_key: number }>();
  readonly courses = new Map<string, CourseListen & { user_id: number; course_id: number }>();
  readonly days = new Map<string, { user_id: number; day: string; course_id: number; chapter_key: number; seconds: number }>();
  readonly clock = new Map<number, number>();
  readonly visits = new Map<string, { course_id: number; user_id: number; created_at: number }>();
  readonly freeGrants = new Map<string, { user_id: number; course_id: number; source: 'free'; created_at: number }>();

  progressOf(userId: number, courseId: number, key: number): Progress | undefined {
    return this.progress.get(`${userId}:${courseId}:${key}`);
  }

  visit(userId: number, courseId: number, at: number): void {
    this.visits.set(`${courseId}:${userId}`, { course_id: courseId, user_id: userId, created_at: at });
  }

  play(r: { userId: number; courseId: number; chapterId: number | null; recordId: string; from: number; seconds: number; duration: number; start: number }): { end: number; finished: boolean } {
    const end = r.start + r.seconds * 1000;
    const position = r.from + r.seconds;
    const finished = isFinished(position, r.duration);
    const key = r.chapterId ?? 0;
    // The player reports about every 30 s and sends `exit` when the sitting ends.
    this.records.push({
      record_id: r.recordId,
      user_id: r.userId,
      course_id: r.courseId,
      chapter_id: r.chapterId,
      started_at: r.start,
      updated_at: end,
      position_seconds: position,
      duration_seconds: r.duration,
      reported_seconds: r.seconds,
      played_seconds: r.seconds,
      reports: Math.max(1, Math.ceil(r.seconds / 30)),
      exited: 1,
    });
    const pKey = `${r.userId}:${r.courseId}:${key}`;
    const before = this.progress.get(pKey);
    this.progress.set(pKey, {
      user_id: r.userId,
      course_id: r.courseId,
      chapter_key: key,
      chapter_id: r.chapterId,
      position,
      duration: r.duration,
      played: (before?.played ?? 0) + r.seconds,
      finished: (before?.finished ?? false) || finished,
      updated_at: end,
    });
    const cKey = `${r.userId}:${r.courseId}`;
    const course = this.courses.get(cKey);
    this.courses.set(cKey, {
      user_id: r.userId,
      course_id: r.courseId,
      last_chapter_id: r.chapterId,
      position,
      duration: r.duration,
      played: (course?.played ?? 0) + r.seconds,
      started_at: Math.min(course?.started_at ?? r.start, r.start),
      finished_at: course?.finished_at ?? null,
      updated_at: end,
    });
    for (const d of splitAcrossDays(r.seconds, end)) {
      const dKey = `${r.userId}:${d.day}:${r.courseId}:${key}`;
      const row = this.days.get(dKey) ?? { user_id: r.userId, day: d.day, course_id: r.courseId, chapter_key: key, seconds: 0 };
      row.seconds += d.seconds;
      this.days.set(dKey, row);
    }
    this.clock.set(r.userId, end);
    return { end, finished };
  }

  finishCourse(userId: number, courseId: number, at: number): void {
    const course = this.courses.get(`${userId}:${courseId}`);
    if (course && course.finished_at === null) course.finished_at = at;
  }

  async flush(trx: Trx): Promise<void> {
    const insert = async <T>(rows: readonly T[], write: (part: T[]) => Promise<unknown>) => {
      for (let i = 0; i < rows.length; i += 50) await write(rows.slice(i, i + 50));
    };
    await insert(this.records, (part) => trx.insertInto('listen_records').values(part).execute());
    await insert(
      this.records.map((r) => ({ user_id: r.user_id, record_id: r.record_id, course_id: r.course_id, created_at: r.started_at })),
      (part) => trx.insertInto('listen_visits').values(part).execute(),
    );
    await insert(
      [...this.progress.values()].map((p) => ({
        user_id: p.user_id,
        course_id: p.course_id,
        chapter_key: p.chapter_key,
        chapter_id: p.chapter_id,
        position_seconds: p.position,
        duration_seconds: p.duration,
        played_seconds: p.played,
        finished: p.finished ? 1 : 0,
        updated_at: p.updated_at,
      })),
      (part) => trx.insertInto('listen_progress').values(part).execute(),
    );
    await insert(
      [...this.courses.values()].map((c) => ({
        user_id: c.user_id,
        course_id: c.course_id,
        last_chapter_id: c.last_chapter_id,
        position_seconds: c.position,
        duration_seconds: c.duration,
        played_seconds: c.played,
        started_at: c.started_at,
        finished_at: c.finished_at,
        updated_at: c.updated_at,
        hidden: 0,
      })),
      (part) => trx.insertInto('listen_courses').values(part).execute(),
    );
    await insert([...this.days.values()], (part) => trx.insertInto('listen_day').values(part).execute());
    await insert(
      [...this.clock].map(([user_id, credited_until]) => ({ user_id, credited_until })),
      (part) => trx.insertInto('learning_clock').values(part).execute(),
    );
    await insert([...this.freeGrants.values()], (part) => trx.insertInto('user_courses').values(part).execute());
    // Course page visits: one row per learner and course holding the latest visit; each new
    // learner of a course counts once in its learners_count (learning-service.ts visitCourse).
    const visits = [...this.visits.values()];
    const existing = await trx.selectFrom('course_learners').select(['course_id', 'user_id']).execute();
    const seen = new Set(existing.map((e) => `${e.course_id}:${e.user_id}`));
    const fresh = visits.filter((v) => !seen.has(`${v.course_id}:${v.user_id}`));
    if (fresh.length !== visits.length) throw new Error('demo: a demo learner already visited a course');
    await insert(fresh, (part) => trx.insertInto('course_learners').values(part).execute());
    const perCourse = new Map<number, number>();
    for (const v of fresh) perCourse.set(v.course_id, (perCourse.get(v.course_id) ?? 0) + 1);
    for (const [courseId, n] of perCourse) {
      await trx
        .updateTable('courses')
        .set((eb) => ({ learners_count: eb('learners_count', '+', n) }))
        .where('id', '=', courseId)
        .execute();
    }
  }
}

/**
 * One sitting, as the player's reports would have credited it: the course page is opened, then
 * the chapters the learner may play at that moment (the access module's own check, against the
 * orders and refunds the timeline has written so far) are played in order from the kept
 * position, each chapter its own record, until the sitting's time is used up.
 */
async function sit(trx: Trx, ids: Ids, ledger: ListeningLedger, study: DemoStudySeed, index: number, start: number): Promise<void> {
  const userId = idOf(ids.users, study.learner, 'learner');
  const courseId = idOf(ids.courses, study.course, 'course');
  const user = await trx.selectFrom('users').select(['id', 'user_type', 'member_expire_at', 'corporate_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  const { course, chapters } = await ids.playable(trx, courseId);
  if ((ledger.clock.get(userId) ?? 0) > start) throw new Error(`demo: ${study.learner}'s sittings overlap at ${study.course}`);

  ledger.visit(userId, courseId, start);
  const targets: Array<PlayChapterRow | null> = chapters.length > 0 ? chapters : [null];
  let budget = sittingSeconds(study, index);
  let cursor = start + 20_000;
  let played = 0;
  let refused = 0;
  for (const [ci, chapter] of targets.entries()) {
    const kept = ledger.progressOf(userId, courseId, chapter?.id ?? 0);
    if (kept?.finished) continue;
    const verdict = await checkEntitlement(trx, user, course, chapter, cursor);
    if (!verdict.allowed) {
      refused++;
      continue;
    }
    if (verdict.reason === 'free' && !ledger.freeGrants.has(`${userId}:${courseId}`)) {
      // Studying a free course adds it to the learner's courses (source free).
      ledger.freeGrants.set(`${userId}:${courseId}`, { user_id: userId, course_id: courseId, source: 'free', created_at: start });
    }
    const duration = chapter ? chapter.duration_seconds : course.duration_seconds;
    if (duration === null) throw new Error(`demo: ${study.course} has no duration to play`);
    const from = kept?.position ?? 0;
    const seconds = Math.min(budget, duration - from);
    if (seconds <= 0) continue;
    const recordId = demoRecordId(`${study.learner}:${study.course}:${index}:${ci}`);
    const { end, finished } = ledger.play({ userId, courseId, chapterId: chapter?.id ?? null, recordId, from, seconds, duration, start: cursor });
    played++;
    if (finished && targets.every((t) => ledger.progressOf(userId, courseId, t?.id ?? 0)?.finished)) ledger.finishCourse(userId, courseId, end);
    budget -= seconds;
    // A few seconds between one chapter's end and the next one's start.
    cursor = end + 5_000;
    if (budget <= 0) break;
  }
  if (played === 0 && refused > 0) throw new Error(`demo: ${study.learner} may not play ${study.course} at ${new Date(start).toISOString()}`);
}
