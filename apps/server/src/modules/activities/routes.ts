/**
 * /v1/activities: group buy, invitations and cash-back (issue 4, decision 014). Writes and the
 * caller's lists need login; the group-buy activity page answers anonymous callers too (without
 * their state). A group's state page is readable by any signed-in user (it is shared by link) but
 * shows names only; orders stay visible to their owner alone (/v1/orders).
 *
 * The activity sweep (group failures and refunds, failed invitations, cash-back payouts) is
 * jobs/activity-upkeep.ts; its round is `runActivityUpkeep` (upkeep-service.ts).
 */
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ActivityIdParam,
  CashbackOffer,
  CashbackRewardPage,
  CourseIdParam,
  CreateOrderResult,
  Envelope,
  GroupBuyActivityList,
  GroupBuyListQuery,
  GroupBuyPage,
  GroupDetail,
  GroupIdParam,
  GroupOrderResult,
  InvitationPage,
  InviteLink,
  InviteOffer,
  InviteOrderBody,
  MyGroupPage,
  PageQuery,
  ReferralBody,
  ReferralQuery,
} from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { EmptyBody } from '../../lib/http.ts';
import { groupActivities, groupBuyPage, groupDetail, joinGroup, myGroups, startGroup } from './group-service.ts';
import { cashbackOffer, createCashbackOrder, createInviteOrder, inviteOffer, issueInviteLink, myInvitations, myRewards } from './referral-service.ts';

/** Bodies that may be empty: the H5 sends `{}`, curl nothing. */
const OptionalReferralBody = Type.Union([ReferralBody, Type.Null()]);

export async function activityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // ---- group buy ----
  app.get('/activities/group', { schema: { querystring: GroupBuyListQuery, response: { 200: Envelope(GroupBuyActivityList) } } }, async (request) =>
    ok(await groupActivities(app.db, request.query, Date.now())),
  );

  app.get('/activities/group/:activityId', { schema: { params: ActivityIdParam, response: { 200: Envelope(GroupBuyPage) } } }, async (request) => {
    const ctx = await request.optionalUser();
    return ok(await groupBuyPage(app.db, ctx?.user ?? null, request.params.activityId, Date.now()));
  });

  app.post(
    '/activities/group/:activityId/start',
    { schema: { params: ActivityIdParam, body: EmptyBody, response: { 200: Envelope(GroupOrderResult) } } },
    async (request) => {
      const { user } = await request.requireUser();
      return ok(await startGroup(app.db, app.adapters.pay, user, request.params.activityId, Date.now()));
    },
  );

  app.get('/activities/groups/mine', { schema: { querystring: PageQuery, response: { 200: Envelope(MyGroupPage) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    const { pageIndex = 1, pageSize = 10 } = request.query;
    return ok(await myGroups(app.db, user.id, { pageIndex, pageSize }));
  });

  app.get('/activities/groups/:groupId', { schema: { params: GroupIdParam, response: { 200: Envelope(GroupDetail) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await groupDetail(app.db, user, request.params.groupId, Date.now()));
  });

  app.post(
    '/activities/groups/:groupId/join',
    { schema: { params: GroupIdParam, body: EmptyBody, response: { 200: Envelope(GroupOrderResult) } } },
    async (request) => {
      const { user } = await request.requireUser();
      return ok(await joinGroup(app.db, app.adapters.pay, user, request.params.groupId, Date.now()));
    },
  );

  // ---- invitations (order type 2) ----
  app.get('/activities/invite/:courseId', { schema: { params: CourseIdParam, querystring: ReferralQuery, response: { 200: Envelope(InviteOffer) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await inviteOffer(app.db, user, request.params.courseId, request.query, Date.now()));
  });

  app.post(
    '/activities/invite/:courseId/order',
    { schema: { params: CourseIdParam, body: InviteOrderBody, response: { 200: Envelope(CreateOrderResult) } } },
    async (request) => {
      const { user } = await request.requireUser();
      return ok(await createInviteOrder(app.db, app.adapters.pay, user, request.params.courseId, request.body, Date.now()));
    },
  );

  // The token a share link carries (`it`); invitations and cash-back count only through one (decision 019).
  app.post(
    '/activities/invite/:courseId/link',
    { schema: { params: CourseIdParam, body: EmptyBody, response: { 200: Envelope(InviteLink) } } },
    async (request) => {
      const { user } = await request.requireUser();
      return ok(await issueInviteLink(app.db, user, request.params.courseId, Date.now()));
    },
  );

  app.get('/activities/invitations/mine', { schema: { querystring: PageQuery, response: { 200: Envelope(InvitationPage) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    const { pageIndex = 1, pageSize = 10 } = request.query;
    return ok(await myInvitations(app.db, user.id, { pageIndex, pageSize }));
  });

  // ---- cash-back (order type 4) ----
  app.get('/activities/cashback/mine', { schema: { querystring: PageQuery, response: { 200: Envelope(CashbackRewardPage) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    const { pageIndex = 1, pageSize = 10 } = request.query;
    return ok(await myRewards(app.db, user.id, { pageIndex, pageSize }));
  });

  app.get('/activities/cashback/:courseId', { schema: { params: CourseIdParam, querystring: ReferralQuery, response: { 200: Envelope(CashbackOffer) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await cashbackOffer(app.db, user, request.params.courseId, request.query, Date.now()));
  });

  app.post(
    '/activities/cashback/:courseId/order',
    { schema: { params: CourseIdParam, body: OptionalReferralBody, response: { 200: Envelope(CreateOrderResult) } } },
    async (request) => {
      const { user } = await request.requireUser();
      return ok(await createCashbackOrder(app.db, app.adapters.pay, user, request.params.courseId, request.body ?? {}, Date.now()));
    },
  );
}
