/** /v1/favorites (spec §7.3): login required; every call acts on the caller's own favourites only. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, FavoriteListQuery, FavoritePage, FavoriteState, IdParam } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { EmptyBody } from '../../lib/http.ts';
import { addFavorite, favoritePage, favoriteState, removeFavorite } from './favorite-service.ts';

export async function favoriteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/favorites/:id',
    { schema: { params: IdParam, body: EmptyBody, response: { 200: Envelope(FavoriteState) } } },
    async (request) => {
      const { user } = await request.requireUser();
      await addFavorite(app.db, user.id, request.params.id, Date.now());
      return ok({ favorite: true });
    },
  );

  app.delete('/favorites/:id', { schema: { params: IdParam, response: { 200: Envelope(FavoriteState) } } }, async (request) => {
    const { user } = await request.requireUser();
    await removeFavorite(app.db, user.id, request.params.id);
    return ok({ favorite: false });
  });

  // Reads let a locked account see what it has; only changes are refused (spec §6: cannot act).
  app.get('/favorites/:id/check', { schema: { params: IdParam, response: { 200: Envelope(FavoriteState) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok({ favorite: await favoriteState(app.db, user.id, request.params.id) });
  });

  app.get('/favorites/list', { schema: { querystring: FavoriteListQuery, response: { 200: Envelope(FavoritePage) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    // subjectId: /userCenter/collectionDetail shows one subject's favourites.
    const { subjectId, pageIndex = 1, pageSize = 10 } = request.query;
    return ok(await favoritePage(app.db, user.id, { subjectId, pageIndex, pageSize }));
  });
}
