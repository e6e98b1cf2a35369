/**
 * /v1/courses reads (spec §7.2): home lists, the classification list with search, the course
 * page and its series and related lists. All work anonymously; only the course page looks at
 * the caller (isFavorite, owned). Every answer goes through sendCatalogue: ETag, 304,
 * Cache-Control, and the in-process cache for anonymous answers (decision 006).
 */
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  Chapter,
  CorporateCoursesQuery,
  CourseCard,
  CourseDetail,
  CourseListQuery,
  CoursePage,
  Envelope,
  ExhibitionSection,
  IdParam,
  Limits,
  PageQuery,
  RelatedParams,
  SizeQuery,
  Int,
  PageSize,
} from '@jinfa/shared';
import { cacheKey, catalogueCacheFor, sendCatalogue } from './http-cache.ts';
import {
  corporateCourses,
  courseDetail,
  courseSeries,
  exhibitionSections,
  latestCourses,
  listCourses,
  relatedCourses,
  specialVipCourses,
  type CourseAccessReader,
} from './course-service.ts';

const ExhibitionQuery = Type.Object({
  /** One zone only (1..4); all zones when absent. */
  type: Type.Optional(Int({ minimum: 1, maximum: 4 })),
  /** Courses per zone. */
  size: Type.Optional(PageSize({ max: 20, default: 6 })),
});

/** `courseAccess`: the access module's verdict for the course page, given by app.ts (courses never imports access). */
export async function courseRoutes(fastify: FastifyInstance, opts: { courseAccess: CourseAccessReader }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const store = catalogueCacheFor(app.db);
  const cached = (route: string, parts: Record<string, unknown>) => ({ store, key: cacheKey(route, parts) });

  app.get('/courses/latest', { schema: { querystring: SizeQuery, response: { 200: Envelope(Type.Array(CourseCard)) } } }, async (request, reply) => {
    const size = request.query.size ?? 10;
    return sendCatalogue(request, reply, {
      policy: 'public',
      cache: cached('latest', { size }),
      load: () => latestCourses(app.db, size),
    });
  });

  app.get(
    '/courses/query/index/page/exhibition/type',
    { schema: { querystring: ExhibitionQuery, response: { 200: Envelope(Type.Array(ExhibitionSection)) } } },
    async (request, reply) => {
      const { type, size = 6 } = request.query;
      return sendCatalogue(request, reply, {
        policy: 'public',
        cache: cached('exhibition', { type, size }),
        load: () => exhibitionSections(app.db, size, type),
      });
    },
  );

  app.get('/courses/list', { schema: { querystring: CourseListQuery, response: { 200: Envelope(CoursePage) } } }, async (request, reply) => {
    // suid and tid are tracking values: they must not split the cache.
    const { suid: _suid, tid: _tid, ...shaping } = request.query;
    return sendCatalogue(request, reply, {
      policy: 'public',
      cache: cached('list', shaping),
      load: () => listCourses(app.db, request.query),
    });
  });

  app.get('/courses/special_vip', { schema: { querystring: PageQuery, response: { 200: Envelope(CoursePage) } } }, async (request, reply) => {
    const { pageIndex, pageSize } = request.query;
    return sendCatalogue(request, reply, {
      policy: 'public',
      cache: cached('special_vip', { pageIndex, pageSize }),
      load: () => specialVipCourses(app.db, request.query),
    });
  });

  app.get(
    '/courses/query/corporates_vip/type',
    { schema: { querystring: CorporateCoursesQuery, response: { 200: Envelope(CoursePage) } } },
    async (request, reply) => {
      const { corporateId, pageIndex, pageSize } = request.query;
      return sendCatalogue(request, reply, {
        policy: 'public',
        cache: cached('corporates_vip', { corporateId, pageIndex, pageSize }),
        load: () => corporateCourses(app.db, corporateId, request.query),
      });
    },
  );

  app.get('/courses/:id', { schema: { params: IdParam, response: { 200: Envelope(CourseDetail) } } }, async (request, reply) => {
    const id = request.params.id;
    // A token that is sent is honoured (and an invalid one refused, as everywhere); locked
    // users still read — their codes come on actions (plugins/auth.ts).
    const caller = await request.optionalUser();
    if (caller) {
      return sendCatalogue(request, reply, { policy: 'private', varyOnToken: true, load: () => courseDetail(app.db, id, caller.user, opts.courseAccess) });
    }
    return sendCatalogue(request, reply, {
      policy: 'public',
      varyOnToken: true,
      cache: cached('course', { id }),
      load: () => courseDetail(app.db, id, null, opts.courseAccess),
    });
  });

  app.get('/courses/:id/series', { schema: { params: IdParam, response: { 200: Envelope(Type.Array(Chapter)) } } }, async (request, reply) => {
    const id = request.params.id;
    return sendCatalogue(request, reply, { policy: 'public', cache: cached('series', { id }), load: () => courseSeries(app.db, id) });
  });

  const related = (id: number, count: number) => ({
    policy: 'public' as const,
    cache: cached('related', { id, count }),
    load: () => relatedCourses(app.db, id, count),
  });
  app.get('/courses/:id/related', { schema: { params: IdParam, response: { 200: Envelope(Type.Array(CourseCard)) } } }, async (request, reply) =>
    sendCatalogue(request, reply, related(request.params.id, Limits.RELATED_COURSES_DEFAULT)),
  );
  app.get('/courses/:id/related/:count', { schema: { params: RelatedParams, response: { 200: Envelope(Type.Array(CourseCard)) } } }, async (request, reply) =>
    sendCatalogue(request, reply, related(request.params.id, request.params.count)),
  );
}
