/**
 * A course page's social parts: appraisals and learners under /v1/courses/{id}, comments under
 * /v1/comment/{id} (spec §7.2). Reading is open to anonymous visitors; writing needs a learner
 * who can act (locked and blacklisted accounts get their codes).
 *
 * Reads go through sendCatalogue with the 'revalidate' policy (decision 006): the same for every
 * caller, so kept in-process for a few seconds, but browsers ask every time, and a post drops
 * that course's cached pages so its author sees it on the next read.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AppraisalBody,
  AppraisalPage,
  AppraisalResult,
  CommentBody,
  CommentPage,
  CommentQuery,
  CourseComment,
  Envelope,
  IdParam,
  LearnerPage,
  PageQuery,
} from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { cacheKey, catalogueCacheFor, courseScope, dropCourseAnswers, sendCatalogue } from '../courses/http-cache.ts';
import { appraisalPage, commentPage, learnerPage, postAppraisal, postComment } from './review-service.ts';

/** Cache scopes of a course's social lists; learning/routes.ts drops 'learners' on a visit. */
export type ReviewRoute = 'appraisals' | 'comments' | 'learners';

export async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const store = catalogueCacheFor(app.db);
  const cached = (route: ReviewRoute, courseId: number, parts: Record<string, unknown>) => ({
    store,
    key: cacheKey(courseScope(route, courseId), parts),
  });

  app.get(
    '/courses/:id/appraisals',
    { schema: { params: IdParam, querystring: PageQuery, response: { 200: Envelope(AppraisalPage) } } },
    async (request, reply) => {
      const id = request.params.id;
      const { pageIndex = 1, pageSize = 10 } = request.query;
      return sendCatalogue(request, reply, {
        policy: 'revalidate',
        cache: cached('appraisals', id, { pageIndex, pageSize }),
        load: () => appraisalPage(app.db, id, pageIndex, pageSize),
      });
    },
  );

  app.post(
    '/courses/:id/appraisals',
    { schema: { params: IdParam, body: AppraisalBody, response: { 200: Envelope(AppraisalResult) } } },
    async (request) => {
      const { user } = await request.requireUser();
      const { courseId, score, content } = request.body;
      const saved = await postAppraisal(app.db, { pathCourseId: request.params.id, bodyCourseId: courseId, userId: user.id, score, content, now: Date.now() });
      dropCourseAnswers(store, 'appraisals', request.params.id);
      return ok(saved);
    },
  );

  app.get(
    '/courses/:id/users',
    { schema: { params: IdParam, querystring: PageQuery, response: { 200: Envelope(LearnerPage) } } },
    async (request, reply) => {
      const id = request.params.id;
      const { pageIndex = 1, pageSize = 10 } = request.query;
      return sendCatalogue(request, reply, {
        policy: 'revalidate',
        cache: cached('learners', id, { pageIndex, pageSize }),
        load: () => learnerPage(app.db, id, pageIndex, pageSize),
      });
    },
  );

  app.get(
    '/comment/:id',
    { schema: { params: IdParam, querystring: CommentQuery, response: { 200: Envelope(CommentPage) } } },
    async (request, reply) => {
      const id = request.params.id;
      const { size = 10, end } = request.query;
      return sendCatalogue(request, reply, {
        policy: 'revalidate',
        cache: cached('comments', id, { size, end }),
        load: () => commentPage(app.db, id, size, end),
      });
    },
  );

  app.post(
    '/comment/:id',
    { schema: { params: IdParam, body: CommentBody, response: { 200: Envelope(CourseComment) } } },
    async (request) => {
      const { user } = await request.requireUser();
      const comment = await postComment(app.db, { courseId: request.params.id, userId: user.id, content: request.body.content, now: Date.now() });
      dropCourseAnswers(store, 'comments', request.params.id);
      return ok(comment);
    },
  );
}
