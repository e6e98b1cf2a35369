/**
 * Memberships (spec §7.2 `/v1/course_members/*`, decision 012). Buying one is
 * `POST /v1/orders/member/{planId}`, the checkout the order routes make from the membership order
 * kind (order-kind.ts, decision 025) — paid like any order through `/v1/orders/{id}/order_web_wxpay`,
 * fulfilled by the one notify handler. The plan list is public; `rights` answers the basic list to
 * anonymous callers; everything else is about the caller only.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  Envelope,
  IdParam,
  MemberRights,
  MembershipBillingType,
  MembershipCheck,
  MembershipPlanList,
  MembershipPlanQuery,
  OrderProgress,
  VipInfo,
} from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { memberCheck, memberRights, membershipOrderProgress, planList, vipInfo } from './membership-service.ts';

export async function membershipRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/course_members/rights/list',
    { schema: { querystring: MembershipPlanQuery, response: { 200: Envelope(MembershipPlanList) } } },
    async (request) => ok(await planList(app.db, request.query.type ?? MembershipBillingType.MONTHLY)),
  );

  app.get('/course_members/check', { schema: { response: { 200: Envelope(MembershipCheck) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(memberCheck(user, Date.now()));
  });

  app.get('/course_members/rights', { schema: { response: { 200: Envelope(MemberRights) } } }, async (request) => {
    const auth = await request.optionalUser();
    return ok(await memberRights(app.db, auth?.user ?? null, Date.now()));
  });

  app.get('/course_members/vip_info', { schema: { response: { 200: Envelope(VipInfo) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await vipInfo(app.db, user, Date.now()));
  });

  app.get('/course_members/orders/:id', { schema: { params: IdParam, response: { 200: Envelope(OrderProgress) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await membershipOrderProgress(app.db, user, request.params.id, Date.now()));
  });
}
