/**
 * Serves the built H5 app and the seed's static images on the API's origin. Hashed assets are
 * immutable; index.html is never cached so a deploy reaches learners at once. Any unknown GET
 * that wants HTML falls back to index.html (browser-history routes over https).
 */
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SERVER_ROOT } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the built web app was found (index.html present). */
    webAvailable: boolean;
  }
}

async function webPlugin(app: FastifyInstance) {
  const dist = app.config.webDist;
  const indexFile = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  app.decorate('webAvailable', hasWeb);

  await app.register(fastifyStatic, {
    root: path.join(SERVER_ROOT, 'assets'),
    prefix: '/assets/static/',
    decorateReply: false,
    maxAge: '1d',
  });

  if (!hasWeb) {
    app.log.warn({ dist }, 'web app not built: only the API is served (run `npm run build`)');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    index: false,
    // Off, or @fastify/send overwrites our header with its own `public, max-age=0`.
    cacheControl: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'no-cache');
      }
    },
  });
}

export default fp(webPlugin, { name: 'web' });
