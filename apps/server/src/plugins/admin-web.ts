/**
 * Serves the built operator console (apps/admin/dist, or ADMIN_DIST) at /admin/, like web.ts does
 * for the H5 app: hashed files under /admin/assets/ are immutable, index.html is never cached,
 * and any other /admin path that does not look like a file answers index.html (the console's
 * browser-history routes). A path with a file extension that is not there is a 404, not HTML
 * (a missing script must not come back as a page). Without a build, /admin answers a short page
 * saying so. These are explicit routes, so the H5 app's not-found fallback never sees /admin.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes, errorMessage } from '@jinfa/shared';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>管理后台尚未构建</title></head>
<body style="font-family: system-ui, sans-serif; color: #1f1f1f; background: #fff; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.6">
<h1 style="font-size: 1.4rem">管理后台尚未构建</h1>
<p>服务器没有找到管理后台的构建产物（apps/admin/dist）。请在仓库根目录运行 <code>npm run build</code>（或直接 <code>npm start</code>，它会自动构建），然后刷新本页。</p>
</body></html>
`;

/** The last path segment has an extension: `/admin/assets/x.js`, `/admin/favicon.ico`. */
const LOOKS_LIKE_FILE = /\/[^/]*\.[A-Za-z0-9]{1,8}$/;

async function adminWebPlugin(app: FastifyInstance) {
  const dist = app.config.adminDist;
  const indexFile = path.join(dist, 'index.html');
  const built = fs.existsSync(indexFile);
  const routeOpts = { schema: { hide: true } };

  if (!built) {
    app.log.warn({ dist }, 'operator console not built: /admin answers a notice (run `npm run build`)');
    const notBuilt = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.status(503).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(NOT_BUILT_PAGE);
    app.get('/admin', routeOpts, notBuilt);
    app.get('/admin/*', routeOpts, notBuilt);
    return;
  }

  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/admin/',
    // One route per file found at start (index.html included); everything else is ours below.
    wildcard: false,
    index: false,
    decorateReply: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });

  // Read once, like the static routes are found once: a rebuilt console needs a restart (as the H5 app does).
  const html = await fsp.readFile(indexFile, 'utf8');
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (LOOKS_LIKE_FILE.test(pathname)) {
      return reply
        .status(404)
        .serializer(JSON.stringify)
        .send({ code: ErrorCodes.NOT_FOUND, message: errorMessage(ErrorCodes.NOT_FOUND), data: null });
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  };
  app.get('/admin', routeOpts, page);
  app.get('/admin/*', routeOpts, page);
}

export default fp(adminWebPlugin, { name: 'admin-web' });
