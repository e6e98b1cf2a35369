/**
 * Playback routes (issue 5, decision 010):
 * - POST /v1/courses/{id}/play_auth, GET /v1/courses/{id}/permitted, GET /v1/courses/playlist/{id}
 *   (envelope answers, private to the caller);
 * - GET /v1/media/play/{assetId}/master.m3u8, …/{variant}/index.m3u8, …/{variant}/seg_NNN.ts and
 *   GET /v1/media/keys/{assetId}: signed URLs (media-url.ts), no login header needed — players
 *   cannot send one. A bad, expired, other-course or other-user URL answers 403 with a code; the
 *   key route also re-checks the entitlement on every fetch.
 */
import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AccountStatus,
  Envelope,
  ErrorCodes,
  IdParam,
  MediaAssetParam,
  MediaFileParams,
  Permitted,
  PermittedQuery,
  PlayAuth,
  PlayAuthQuery,
  PlaylistItem,
  type ErrorCode,
  Id,
  Int,
} from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { EmptyBody, PRIVATE_NO_STORE } from '../../lib/http.ts';
import { AppError } from '../../lib/errors.ts';
import { findUserById } from '../users/user-repository.ts';
import type { Db } from '../../db/conn.ts';
import { checkEntitlement } from '../access/access-service.ts';
import { findPlayCourse } from '../access/access-repository.ts';
import { CONTENT_TYPES, rewritePlaylist } from './hls.ts';
import { findAsset, findKey, findPlayChapter, type MediaAssetRow } from './media-repository.ts';
import { playAuth, permitted, playlist } from './media-service.ts';
import { keyPath, masterPath, MediaUrlSigner, SESSION_TTL_SEC, variantFilePath, type MediaGrant } from './media-url.ts';

/** Loose on purpose: a missing part is a refused URL (403), not a malformed request. */
const SignedQuery = Type.Object({
  u: Type.Optional(Id()),
  c: Type.Optional(Id()),
  e: Type.Optional(Int({ minimum: 0, maximum: 99_999_999_999 })),
  s: Type.Optional(Type.String({ maxLength: 64 })),
});
type SignedQuery = { u?: number; c?: number; e?: number; s?: string };
const Binary = Type.Unknown({ description: 'HLS playlist, MPEG-TS segment or the 16-byte AES-128 key' });
const VARIANT_URI = /^([av][0-9]{1,2})\/(index\.m3u8)$/;
const SEGMENT_URI = /^seg_[0-9]{3,6}\.ts$/;

/** 403 with a code: refused media URLs and keys (the catalogue's status would be 200 for entitlement codes). */
class MediaForbiddenError extends AppError {
  constructor(code: ErrorCode) {
    super(code);
    this.name = 'MediaForbiddenError';
    Object.defineProperty(this, 'status', { value: 403 });
  }
}

const signers = new WeakMap<object, MediaUrlSigner>();
/** One signer per configuration (its key is derived once). */
export function mediaSigner(config: { tokenSecret: string }): MediaUrlSigner {
  let s = signers.get(config);
  if (!s) {
    s = new MediaUrlSigner(config.tokenSecret);
    signers.set(config, s);
  }
  return s;
}

export async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const signer = mediaSigner(app.config);
  const storage = app.adapters.mediaStorage;
  const db: Db = app.db;

  app.post(
    '/courses/:id/play_auth',
    {
      onSend: async (_req, reply) => void reply.header('Cache-Control', PRIVATE_NO_STORE),
      schema: { params: IdParam, querystring: PlayAuthQuery, body: EmptyBody, response: { 200: Envelope(PlayAuth) } },
    },
    async (request) => {
      const { user } = await request.requireUser();
      return ok(await playAuth(db, signer, user, request.params.id, { chapterId: request.query.chapterId }, Date.now()));
    },
  );

  app.get(
    '/courses/:id/permitted',
    {
      onSend: async (_req, reply) => void reply.header('Cache-Control', PRIVATE_NO_STORE),
      schema: { params: IdParam, querystring: PermittedQuery, response: { 200: Envelope(Permitted) } },
    },
    async (request) => {
      const ctx = await request.optionalUser();
      return ok(await permitted(db, ctx?.user ?? null, request.params.id, request.query.chapterId, Date.now()));
    },
  );

  app.get(
    '/courses/playlist/:id',
    {
      onSend: async (_req, reply) => void reply.header('Cache-Control', PRIVATE_NO_STORE),
      schema: { params: IdParam, response: { 200: Envelope(Type.Array(PlaylistItem)) } },
    },
    async (request) => {
      const ctx = await request.optionalUser();
      return ok(await playlist(db, ctx?.user ?? null, request.params.id, Date.now()));
    },
  );

  /**
   * Signature, expiry, asset of that course, and — when the request happens to carry a login —
   * that it is the URL's learner. An invalid login is ignored here: the signature is the credential.
   */
  async function admit(request: FastifyRequest, path: string, assetId: number, q: SignedQuery): Promise<{ asset: MediaAssetRow; grant: MediaGrant }> {
    if (q.u === undefined || q.c === undefined || q.e === undefined || !q.s) throw new MediaForbiddenError(ErrorCodes.MEDIA_URL_INVALID);
    const grant = { userId: q.u, courseId: q.c, expiresAt: q.e };
    if (signer.verify(path, grant, q.s, Math.floor(Date.now() / 1000)) !== 'ok') throw new MediaForbiddenError(ErrorCodes.MEDIA_URL_INVALID);
    if (request.accessToken()) {
      const caller = await request.optionalUser().catch(() => null);
      if (caller && caller.user.id !== grant.userId) throw new MediaForbiddenError(ErrorCodes.MEDIA_URL_INVALID);
    }
    const asset = await findAsset(db, assetId);
    if (!asset || asset.course_id !== grant.courseId || asset.status !== 'ready') throw new MediaForbiddenError(ErrorCodes.MEDIA_URL_INVALID);
    return { asset, grant };
  }

  const sessionGrant = (g: MediaGrant): MediaGrant => ({ ...g, expiresAt: Math.floor(Date.now() / 1000) + SESSION_TTL_SEC });

  async function sendPlaylist(reply: FastifyReply, key: string, rewrite: (text: string) => string) {
    const text = await storage.getBuffer(key);
    if (!text) throw new MediaForbiddenError(ErrorCodes.MEDIA_URL_INVALID);
    return reply.type(CONTENT_TYPES.playlist).header('Cache-Control', PRIVATE_NO_STORE).send(rewrite(text.toString('utf8')));
  }

  app.get(
    '/media/play/:assetId/master.m3u8',
    { schema: { params: MediaAssetParam, querystring: SignedQuery, response: { 200: Binary } } },
    async (request, reply) => {
      const { assetId } = request.params;
      const { asset, grant } = await admit(request, masterPath(assetId), assetId, request.query);
      const inner = sessionGrant(grant);
      return sendPlaylist(reply, `${asset.storage_prefix}/master.m3u8`, (text) =>
        rewritePlaylist(text, {
          uri: (uri) => {
            const m = VARIANT_URI.exec(uri);
            if (!m) throw new Error(`unexpected variant URI in ${asset.storage_prefix}/master.m3u8: ${uri}`);
            return signer.url(variantFilePath(asset.id, m[1]!, m[2]!), inner);
          },
          key: () => signer.url(keyPath(asset.id), inner),
        }),
      );
    },
  );

  app.get(
    '/media/play/:assetId/:variant/:file',
    { schema: { params: MediaFileParams, querystring: SignedQuery, response: { 200: Binary } } },
    async (request, reply) => {
      const { assetId, variant, file } = request.params;
      const { asset, grant } = await admit(request, variantFilePath(assetId, variant, file), assetId, request.query);
      const key = `${asset.storage_prefix}/${variant}/${file}`;
      if (file === 'index.m3u8') {
        const inner = sessionGrant(grant);
        return sendPlaylist(reply, key, (text) =>
          rewritePlaylist(text, {
            uri: (uri) => {
              if (!SEGMENT_URI.test(uri)) throw new Error(`unexpected segment URI in ${key}: ${uri}`);
              return signer.url(variantFilePath(asset.id, variant, uri), inner);
            },
            key: () => signer.url(keyPath(asset.id), inner),
          }),
        );
      }
      const obj = await storage.get(key);
      if (!obj) throw new MediaForbiddenError(ErrorCodes.MEDIA_URL_INVALID);
      // A segment never changes under its URL; the browser may keep it while the URL is valid.
      const maxAge = Math.max(0, Math.min(86_400, grant.expiresAt - Math.floor(Date.now() / 1000)));
      return reply.type(CONTENT_TYPES.segment).header('Content-Length', String(obj.size)).header('Cache-Control', `private, max-age=${maxAge}`).send(obj.body);
    },
  );

  app.get(
    '/media/keys/:assetId',
    { schema: { params: MediaAssetParam, querystring: SignedQuery, response: { 200: Binary } } },
    async (request, reply) => {
      const { assetId } = request.params;
      const { asset, grant } = await admit(request, keyPath(assetId), assetId, request.query);
      // The entitlement again, now: a refund, a lapsed membership or a locked account ends playback here.
      const [user, course] = await Promise.all([findUserById(db, grant.userId), findPlayCourse(db, grant.courseId)]);
      if (!user || user.account_status !== AccountStatus.ACTIVE || !course) throw new MediaForbiddenError(ErrorCodes.MEDIA_URL_INVALID);
      const chapter = asset.chapter_id === null ? null : ((await findPlayChapter(db, asset.chapter_id)) ?? null);
      const verdict = await checkEntitlement(db, user, course, chapter, Date.now());
      if (!verdict.allowed) throw new MediaForbiddenError(verdict.code);
      const key = await findKey(db, asset.id);
      if (!key) throw new MediaForbiddenError(ErrorCodes.MEDIA_URL_INVALID);
      return reply.type(CONTENT_TYPES.key).header('Cache-Control', 'no-store').send(Buffer.from(key.key_hex, 'hex'));
    },
  );
}
