/**
 * The learner's own courses and subjects: /v1/courses/mine, /mine/folders, /{id}/enroll,
 * /{id}/visit, /my_custom and /v1/users/me/subscriptions. All but my_custom need login; answers
 * depend on the caller, so none may be cached by a shared cache.
 */
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CourseCard,
  CourseFolder,
  EnrollResult,
  Envelope,
  IdParam,
  MyCoursePage,
  MyCoursesQuery,
  MyCustomQuery,
  SubscriptionsBody,
  VisitResult,
} from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { EmptyBody, PRIVATE_NO_STORE } from '../../lib/http.ts';
import { catalogueCacheFor, dropCourseAnswers } from '../courses/http-cache.ts';
import { courseFolders, enrollFreeCourse, myCoursePage, personalPicks, replaceSubscriptions, subscribedSubjects, visitCourse } from './learning-service.ts';

export async function learningRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', PRIVATE_NO_STORE);
  });

  app.get('/courses/mine', { schema: { querystring: MyCoursesQuery, response: { 200: Envelope(MyCoursePage) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    const { cur = 0, subjectId, pageIndex = 1, pageSize = 10 } = request.query;
    return ok(await myCoursePage(app.db, user.id, { cur, subjectId, pageIndex, pageSize }));
  });

  app.get('/courses/mine/folders', { schema: { response: { 200: Envelope(Type.Array(CourseFolder)) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await courseFolders(app.db, user.id));
  });

  app.get('/courses/my_custom', { schema: { querystring: MyCustomQuery, response: { 200: Envelope(Type.Array(CourseCard)) } } }, async (request) => {
    const ctx = await request.optionalUser();
    const { isRandom = 0, size = 10 } = request.query;
    const viewer = ctx ? { userId: ctx.user.id, corporateId: ctx.user.corporate_id } : null;
    return ok(await personalPicks(app.db, viewer, { random: isRandom === 1, size }));
  });

  app.post(
    '/courses/:id/enroll',
    { schema: { params: IdParam, body: EmptyBody, response: { 200: Envelope(EnrollResult) } } },
    async (request) => {
      const { user } = await request.requireUser();
      return ok(await enrollFreeCourse(app.db, user.id, request.params.id, Date.now()));
    },
  );

  app.post(
    '/courses/:id/visit',
    { schema: { params: IdParam, body: EmptyBody, response: { 200: Envelope(VisitResult) } } },
    async (request) => {
      const { user } = await request.requireUser();
      const visit = await visitCourse(app.db, user.id, request.params.id, Date.now());
      // The course's learners list changed. Its learnersCount in cards and on the course page is
      // left to the cache's few seconds: dropping the whole catalogue on every visit would leave
      // nothing cached on a busy day (decision 006).
      dropCourseAnswers(catalogueCacheFor(app.db), 'learners', request.params.id);
      return ok(visit);
    },
  );

  app.get('/users/me/subscriptions', { schema: { response: { 200: Envelope(SubscriptionsBody) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await subscribedSubjects(app.db, user.id));
  });

  app.put(
    '/users/me/subscriptions',
    { schema: { body: SubscriptionsBody, response: { 200: Envelope(SubscriptionsBody) } } },
    async (request) => {
      const { user } = await request.requireUser();
      return ok(await replaceSubscriptions(app.db, user.id, request.body.subjectIds, Date.now()));
    },
  );
}
