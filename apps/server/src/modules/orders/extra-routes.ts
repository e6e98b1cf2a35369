/**
 * The remaining order reads (issue 4): the audit gate, invite buying and chapter prepay under
 * /v1/courses, and the "lately" lists under /v1/orders. Login required; every answer is about the
 * caller's own orders only.
 *
 * `GET /v1/orders/add/lately/course/{a}/{b}`: in our design a is a course id and b how many
 * recent orders to answer (1..10). It writes nothing: it checks the course exists (not found
 * otherwise) and answers the caller's recent paid course orders, like `/lately/course`.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ChapterPrepay, CourseAuditStatus, Envelope, IdParam, InviteBuyState, LatelyAddParams, LatelyOrders } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { chapterPrepay, courseAuditStatus, inviteBuyState, latelyOrders, latelyOrdersAfterCourse } from './order-rules.ts';

export async function orderExtraRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/courses/:id/check_user_audit_status', { schema: { params: IdParam, response: { 200: Envelope(CourseAuditStatus) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await courseAuditStatus(app.db, user, request.params.id, Date.now()));
  });

  app.get('/courses/:id/invite_buy', { schema: { params: IdParam, response: { 200: Envelope(InviteBuyState) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await inviteBuyState(app.db, user.id, request.params.id));
  });

  app.get('/courses/chapter/prepay/:id', { schema: { params: IdParam, response: { 200: Envelope(ChapterPrepay) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await chapterPrepay(app.db, user.id, request.params.id));
  });

  for (const path of ['/orders/lately/course', '/orders/lately/0']) {
    app.get(path, { schema: { response: { 200: Envelope(LatelyOrders) } } }, async (request) => {
      const { user } = await request.requireUser({ allowRestricted: true });
      return ok(await latelyOrders(app.db, user.id));
    });
  }

  app.get('/orders/add/lately/course/:id/:limit', { schema: { params: LatelyAddParams, response: { 200: Envelope(LatelyOrders) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await latelyOrdersAfterCourse(app.db, user.id, request.params.id, request.params.limit));
  });
}
