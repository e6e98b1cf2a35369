/**
 * Review moderation (owner, reviewer): appraisals and comments, hidden or restored with a reason
 * (docs/console.md). Thin: the rules live in reviews-service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AdminAppraisalPage, AdminCommentPage, AdminHiddenBody, AdminHiddenState, AdminReviewListQuery, Envelope, IdParam } from '@jinfa/shared';
import { ok } from '../../../lib/envelope.ts';
import { requireRoles } from '../guard.ts';
import { auditOf } from './section-kit.ts';
import { appraisalPage, commentPage, setHidden } from './reviews-service.ts';

export async function adminReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['admin'];
  const reviewer = requireRoles('reviewer');

  app.get('/admin/appraisals', { preHandler: reviewer, schema: { tags, summary: 'Appraisals', querystring: AdminReviewListQuery, response: { 200: Envelope(AdminAppraisalPage) } } }, async (request) =>
    ok(await appraisalPage(app.db, request.query)),
  );

  app.post(
    '/admin/appraisals/:id/hidden',
    { preHandler: reviewer, schema: { tags, summary: 'Hide or restore an appraisal', params: IdParam, body: AdminHiddenBody, response: { 200: Envelope(AdminHiddenState) } } },
    async (request) => ok(await setHidden(app.db, auditOf(request), 'appraisals', request.params.id, request.body, Date.now())),
  );

  app.get('/admin/comments', { preHandler: reviewer, schema: { tags, summary: 'Comments', querystring: AdminReviewListQuery, response: { 200: Envelope(AdminCommentPage) } } }, async (request) =>
    ok(await commentPage(app.db, request.query)),
  );

  app.post(
    '/admin/comments/:id/hidden',
    { preHandler: reviewer, schema: { tags, summary: 'Hide or restore a comment', params: IdParam, body: AdminHiddenBody, response: { 200: Envelope(AdminHiddenState) } } },
    async (request) => ok(await setHidden(app.db, auditOf(request), 'comments', request.params.id, request.body, Date.now())),
  );
}
