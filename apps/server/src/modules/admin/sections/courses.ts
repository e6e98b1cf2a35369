/**
 * The console's courses and chapters (docs/console.md): thin routes over course-admin-service.ts.
 * Roles: owner and operator everything; a lecturer their own courses (others answer
 * ADMIN_NOT_FOUND) but not the shelf; every other role ADMIN_FORBIDDEN.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AdminChapter,
  AdminChapterCreate,
  AdminChapterOrder,
  AdminChapterPatch,
  AdminCourseCreate,
  AdminCourseDetail,
  AdminCourseListQuery,
  AdminCoursePage,
  AdminCoursePatch,
  AdminShelfBody,
  Envelope,
  IdParam,
} from '@jinfa/shared';
import { ok } from '../../../lib/envelope.ts';
import { requireOperator, requireRoles } from '../guard.ts';
import { createChapter, createCourse, deleteChapter, getCourse, listCourses, reorderChapters, shelfCourse, updateChapter, updateCourse } from './course-admin-service.ts';

export async function courseAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const editors = requireRoles('operator', 'lecturer');
  const shelvers = requireRoles('operator');
  const tags = ['admin'];

  app.get('/admin/courses', { preHandler: editors, schema: { tags, querystring: AdminCourseListQuery, response: { 200: Envelope(AdminCoursePage) } } }, async (request) =>
    ok(await listCourses(app.db, requireOperator(request), request.query)),
  );

  app.get('/admin/courses/:id', { preHandler: editors, schema: { tags, params: IdParam, response: { 200: Envelope(AdminCourseDetail) } } }, async (request) =>
    ok(await getCourse(app.db, requireOperator(request), request.params.id)),
  );

  app.post('/admin/courses', { preHandler: editors, schema: { tags, body: AdminCourseCreate, response: { 200: Envelope(AdminCourseDetail) } } }, async (request) =>
    ok(await createCourse(app.db, request, requireOperator(request), request.body)),
  );

  app.patch(
    '/admin/courses/:id',
    { preHandler: editors, schema: { tags, params: IdParam, body: AdminCoursePatch, response: { 200: Envelope(AdminCourseDetail) } } },
    async (request) => ok(await updateCourse(app.db, request, requireOperator(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/courses/:id/shelf',
    { preHandler: shelvers, schema: { tags, params: IdParam, body: AdminShelfBody, response: { 200: Envelope(AdminCourseDetail) } } },
    async (request) => ok(await shelfCourse(app.db, request, requireOperator(request), request.params.id, request.body.onShelf)),
  );

  app.post(
    '/admin/courses/:id/chapters',
    { preHandler: editors, schema: { tags, params: IdParam, body: AdminChapterCreate, response: { 200: Envelope(AdminChapter) } } },
    async (request) => ok(await createChapter(app.db, request, requireOperator(request), request.params.id, request.body)),
  );

  app.patch(
    '/admin/chapters/:id',
    { preHandler: editors, schema: { tags, params: IdParam, body: AdminChapterPatch, response: { 200: Envelope(AdminChapter) } } },
    async (request) => ok(await updateChapter(app.db, request, requireOperator(request), request.params.id, request.body)),
  );

  app.delete('/admin/chapters/:id', { preHandler: editors, schema: { tags, params: IdParam, response: { 200: Envelope(Type.Null()) } } }, async (request) => {
    await deleteChapter(app.db, request, requireOperator(request), request.params.id);
    return ok(null);
  });

  app.put(
    '/admin/courses/:id/chapter-order',
    { preHandler: editors, schema: { tags, params: IdParam, body: AdminChapterOrder, response: { 200: Envelope(Type.Array(AdminChapter)) } } },
    async (request) => ok(await reorderChapters(app.db, request, requireOperator(request), request.params.id, request.body.chapterIds)),
  );
}
