/**
 * The console's home and discovery section (docs/console.md "Home and discovery"): thin routes
 * over discovery-service.ts. Roles owner and operator; every other role ADMIN_FORBIDDEN.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AdminBanner,
  AdminBannerCreate,
  AdminBannerOrder,
  AdminBannerPage,
  AdminBannerPatch,
  AdminHomeSections,
  AdminHotWords,
  AdminTag,
  AdminTagBody,
  AdminTagListQuery,
  AdminTagPage,
  Envelope,
  IdParam,
} from '@jinfa/shared';
import { ok } from '../../../lib/envelope.ts';
import { requireRoles } from '../guard.ts';
import { auditOf } from './section-kit.ts';
import {
  createBanner,
  createTag,
  deleteBanner,
  deleteTag,
  getHotWords,
  homeSections,
  listBanners,
  listTags,
  renameTag,
  reorderBanners,
  setHotWords,
  updateBanner,
} from './discovery-service.ts';

export async function discoveryAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const preHandler = requireRoles('operator');
  const tags = ['admin'];

  app.get('/admin/banners', { preHandler, schema: { tags, response: { 200: Envelope(AdminBannerPage) } } }, async () => ok(await listBanners(app.db)));

  app.post('/admin/banners', { preHandler, schema: { tags, body: AdminBannerCreate, response: { 200: Envelope(AdminBanner) } } }, async (request) =>
    ok(await createBanner(app.db, auditOf(request), request.body)),
  );

  app.patch('/admin/banners/:id', { preHandler, schema: { tags, params: IdParam, body: AdminBannerPatch, response: { 200: Envelope(AdminBanner) } } }, async (request) =>
    ok(await updateBanner(app.db, auditOf(request), request.params.id, request.body)),
  );

  app.delete('/admin/banners/:id', { preHandler, schema: { tags, params: IdParam, response: { 200: Envelope(Type.Null()) } } }, async (request) => {
    await deleteBanner(app.db, auditOf(request), request.params.id);
    return ok(null);
  });

  app.put('/admin/banner-order', { preHandler, schema: { tags, body: AdminBannerOrder, response: { 200: Envelope(AdminBannerPage) } } }, async (request) =>
    ok(await reorderBanners(app.db, auditOf(request), request.body.bannerIds)),
  );

  app.get('/admin/tags', { preHandler, schema: { tags, querystring: AdminTagListQuery, response: { 200: Envelope(AdminTagPage) } } }, async (request) =>
    ok(await listTags(app.db, request.query)),
  );

  app.post('/admin/tags', { preHandler, schema: { tags, body: AdminTagBody, response: { 200: Envelope(AdminTag) } } }, async (request) =>
    ok(await createTag(app.db, auditOf(request), request.body.name)),
  );

  app.patch('/admin/tags/:id', { preHandler, schema: { tags, params: IdParam, body: AdminTagBody, response: { 200: Envelope(AdminTag) } } }, async (request) =>
    ok(await renameTag(app.db, auditOf(request), request.params.id, request.body.name)),
  );

  app.delete('/admin/tags/:id', { preHandler, schema: { tags, params: IdParam, response: { 200: Envelope(Type.Null()) } } }, async (request) => {
    await deleteTag(app.db, auditOf(request), request.params.id);
    return ok(null);
  });

  app.get('/admin/hot-words', { preHandler, schema: { tags, response: { 200: Envelope(AdminHotWords) } } }, async () => ok(await getHotWords(app.db)));

  app.put('/admin/hot-words', { preHandler, schema: { tags, body: AdminHotWords, response: { 200: Envelope(AdminHotWords) } } }, async (request) =>
    ok(await setHotWords(app.db, auditOf(request), request.body.words)),
  );

  app.get('/admin/home-sections', { preHandler, schema: { tags, response: { 200: Envelope(AdminHomeSections) } } }, async () => ok(await homeSections(app.db)));
}
