/**
 * 用户 Learners (owner, reviewer; blacklist owner only): list, a learner's page, profile review,
 * lock and blacklist (docs/console.md). Thin: the rules live in learners-service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminLearnerBlacklistBody,
  AdminLearnerDetail,
  AdminLearnerListQuery,
  AdminLearnerGrantParams,
  AdminLearnerLockBody,
  AdminLearnerMembershipGrantBody,
  AdminLearnerMembershipRevokeBody,
  AdminLearnerMembershipState,
  AdminLearnerPage,
  AdminLearnerReviewBody,
  AdminLearnerState,
  Envelope,
  IdParam,
} from '@jinfa/shared';
import { ok } from '../../../lib/envelope.ts';
import { requireRoles } from '../guard.ts';
import { auditOf } from './section-kit.ts';
import { blacklistLearner, grantLearnerMembership, learnerDetail, learnerPage, lockLearner, reviewLearner, revokeLearnerMembership } from './learners-service.ts';

export async function adminLearnerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['admin'];
  const people = requireRoles('reviewer');

  app.get('/admin/learners', { preHandler: people, schema: { tags, summary: 'Learners', querystring: AdminLearnerListQuery, response: { 200: Envelope(AdminLearnerPage) } } }, async (request) =>
    ok(await learnerPage(app.db, request.query, Date.now())),
  );

  app.get('/admin/learners/:id', { preHandler: people, schema: { tags, summary: 'A learner', params: IdParam, response: { 200: Envelope(AdminLearnerDetail) } } }, async (request) =>
    ok(await learnerDetail(app.db, request.params.id, Date.now())),
  );

  app.post(
    '/admin/learners/:id/review',
    { preHandler: people, schema: { tags, summary: 'Pass or fail a profile', params: IdParam, body: AdminLearnerReviewBody, response: { 200: Envelope(AdminLearnerState) } } },
    async (request) => ok(await reviewLearner(app.db, auditOf(request), request.params.id, request.body, Date.now())),
  );

  app.post(
    '/admin/learners/:id/lock',
    { preHandler: people, schema: { tags, summary: 'Lock or unlock', params: IdParam, body: AdminLearnerLockBody, response: { 200: Envelope(AdminLearnerState) } } },
    async (request) => ok(await lockLearner(app.db, auditOf(request), request.params.id, request.body, Date.now())),
  );

  app.post(
    '/admin/learners/:id/blacklist',
    { preHandler: requireRoles('owner'), schema: { tags, summary: 'Blacklist or lift it', params: IdParam, body: AdminLearnerBlacklistBody, response: { 200: Envelope(AdminLearnerState) } } },
    async (request) => ok(await blacklistLearner(app.db, auditOf(request), request.params.id, request.body, Date.now())),
  );

  // Free paid access (and taking it back) is a money decision: owner only (docs/console.md).
  app.post(
    '/admin/learners/:id/memberships',
    {
      preHandler: requireRoles('owner'),
      schema: { tags, summary: 'Grant a membership with a reason', params: IdParam, body: AdminLearnerMembershipGrantBody, response: { 200: Envelope(AdminLearnerMembershipState) } },
    },
    async (request) => ok(await grantLearnerMembership(app.db, auditOf(request), request.params.id, request.body, Date.now())),
  );

  app.post(
    '/admin/learners/:id/memberships/:grantId/revoke',
    {
      preHandler: requireRoles('owner'),
      schema: { tags, summary: 'Revoke a membership with a reason', params: AdminLearnerGrantParams, body: AdminLearnerMembershipRevokeBody, response: { 200: Envelope(AdminLearnerMembershipState) } },
    },
    async (request) => ok(await revokeLearnerMembership(app.db, auditOf(request), request.params.id, request.params.grantId, request.body, Date.now())),
  );
}
