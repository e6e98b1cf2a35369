/**
 * Learning records, listening reports, share statistics, PPT and courseware (spec §7.2; issue 5;
 * decision 011). Everything answers the caller's own records only; nothing may be cached by a
 * shared cache. `listenV3` also takes the token in the body and a `text/plain` JSON body, because
 * `navigator.sendBeacon` can neither set headers nor (portably) send `application/json`.
 */
import { Type } from 'typebox';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CoursewareFileQuery,
  CoursewarePath,
  CoursewareUrl,
  DownloadTicket,
  Envelope,
  ExistPpt,
  HideListenResult,
  IdParam,
  ListenExportQuery,
  ListenExportTicketBody,
  ListenProgress,
  ListenRecordPage,
  ListenRecordQuery,
  ListenReport,
  ListenReportQuery,
  ListenV3Body,
  ListenV3Result,
  PptImages,
  PptImagesQuery,
  SendPptQuery,
  SendPptResult,
  ShareStats,
  ShareStatsQuery,
  VisitPlayQuery,
  VisitPlayResult,
} from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { EmptyBody, PRIVATE_NO_STORE } from '../../lib/http.ts';
import { publicOrigin } from '../auth/request-context.ts';
import { downloadUser, issueDownloadTicket, listenReportScope } from '../auth/download-ticket.ts';
import { hideListen, listenProgress, listenRecordPage, reportListen, visitPlay } from './listening-service.ts';
import { currentYear, DateType, listenCsv, listenReport, shareStats } from './report-service.ts';
import { coursewareFile, coursewarePath, coursewareUrl, existPpt, pptImages, sendPpt } from './ppt-service.ts';

function invalidJson(): FastifyError {
  const err = new Error('invalid JSON body') as FastifyError;
  err.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
  err.statusCode = 400;
  return err;
}

export async function listeningRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', PRIVATE_NO_STORE);
  });

  // The beacon route in its own context: its text/plain parser must not reach other routes.
  await app.register(async (scope) => {
    const beacon = scope.withTypeProvider<TypeBoxTypeProvider>();
    beacon.removeContentTypeParser('text/plain');
    beacon.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(invalidJson(), undefined);
      }
    });
    beacon.post(
      '/courses/:id/listenV3',
      { config: { bodyToken: true }, schema: { params: IdParam, body: ListenV3Body, response: { 200: Envelope(ListenV3Result) } } },
      async (request) => {
        const { user } = await request.requireUser();
        return ok(await reportListen(app.db, user, request.params.id, request.body, Date.now()));
      },
    );
  });

  app.get('/courses/:id/listen_progress', { schema: { params: IdParam, response: { 200: Envelope(ListenProgress) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await listenProgress(app.db, user.id, request.params.id));
  });

  app.post(
    '/courses/:id/visit_play',
    { schema: { params: IdParam, querystring: VisitPlayQuery, body: EmptyBody, response: { 200: Envelope(VisitPlayResult) } } },
    async (request) => {
      const { user } = await request.requireUser();
      return ok(await visitPlay(app.db, user.id, request.params.id, request.query.recordId, Date.now()));
    },
  );

  app.post('/courses/:id/hide_listen', { schema: { params: IdParam, body: EmptyBody, response: { 200: Envelope(HideListenResult) } } }, async (request) => {
    const { user } = await request.requireUser();
    return ok(await hideListen(app.db, user.id, request.params.id));
  });

  app.get('/courses/listen_record_list', { schema: { querystring: ListenRecordQuery, response: { 200: Envelope(ListenRecordPage) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    const { pageIndex = 1, pageSize = 10 } = request.query;
    return ok(await listenRecordPage(app.db, user.id, pageIndex, pageSize));
  });

  app.get('/courses/listen_report/by_year', { schema: { querystring: ListenReportQuery, response: { 200: Envelope(ListenReport) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    const { year = currentYear(Date.now()), dateType = DateType.MONTH } = request.query;
    return ok(await listenReport(app.db, user.id, year, dateType));
  });

  // A plain link (WeChat cannot save a blob) carries a single-use ticket for that year's file,
  // never a session token (decision 017).
  app.post(
    '/courses/listen_report/export_ticket',
    { schema: { body: ListenExportTicketBody, response: { 200: Envelope(DownloadTicket) } } },
    async (request, reply) => {
      const { user } = await request.requireUser({ allowRestricted: true });
      const year = request.body.year ?? currentYear(Date.now());
      const { ticket, expiresIn } = await issueDownloadTicket(app.db, { userId: user.id, scope: listenReportScope(year), now: Date.now() });
      void reply.header('cache-control', 'private, no-store');
      return ok({ ticket, expiresIn, url: `/v1/courses/listen_report/export.csv?year=${year}&ticket=${ticket}` });
    },
  );

  app.get(
    '/courses/listen_report/export.csv',
    {
      config: { queryToken: false },
      schema: {
        querystring: Type.Object({ ...ListenExportQuery.properties, ticket: Type.Optional(Type.String({ maxLength: 128, description: 'single-use ticket from export_ticket' })) }),
        response: { 200: Type.Unknown({ description: 'text/csv (UTF-8 with BOM)' }) },
      },
    },
    async (request, reply) => {
      const year = request.query.year ?? currentYear(Date.now());
      const user = await downloadUser(app.db, request, { ticket: request.query.ticket, scope: listenReportScope(year), allowRestricted: true });
      const csv = await listenCsv(app.db, user, year);
      const name = `学习时长-${year}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="listen-report-${year}.csv"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(Buffer.from(csv, 'utf8'));
    },
  );

  app.get('/courses/share_stats', { schema: { querystring: ShareStatsQuery, response: { 200: Envelope(ShareStats) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    const { pageIndex = 1, pageSize = 10 } = request.query;
    return ok(await shareStats(app.db, user.id, pageIndex, pageSize));
  });

  // ---- PPT and courseware ----

  app.get('/courses/:id/exist_ppt', { schema: { params: IdParam, response: { 200: Envelope(ExistPpt) } } }, async (request) => ok(await existPpt(app.db, request.params.id)));

  app.get('/courses/:id/ppt_images', { schema: { params: IdParam, querystring: PptImagesQuery, response: { 200: Envelope(PptImages) } } }, async (request) => {
    const { user } = await request.requireUser();
    return ok(await pptImages(app.db, user, request.params.id, request.query.chapterId ?? null, Date.now()));
  });

  app.get('/courses/:id/courseware_path', { schema: { params: IdParam, response: { 200: Envelope(CoursewarePath) } } }, async (request) => {
    await request.requireUser({ allowRestricted: true });
    return ok(await coursewarePath(app.db, request.params.id));
  });

  app.get('/courses/:id/courseware_url', { schema: { params: IdParam, response: { 200: Envelope(CoursewareUrl) } } }, async (request) => {
    const { user } = await request.requireUser();
    return ok(await coursewareUrl(app.db, app.config.tokenSecret, user, request.params.id, Date.now(), false));
  });

  app.post('/courses/:id/download_ppt', { schema: { params: IdParam, body: EmptyBody, response: { 200: Envelope(CoursewareUrl) } } }, async (request) => {
    const { user } = await request.requireUser();
    return ok(await coursewareUrl(app.db, app.config.tokenSecret, user, request.params.id, Date.now(), true));
  });

  app.get('/courses/send_ppt', { schema: { querystring: SendPptQuery, response: { 200: Envelope(SendPptResult) } } }, async (request, reply) => {
    const { user } = await request.requireUser();
    // Mail caps per user, per address and per IP (plugins/rate-limit.ts, decision 021).
    await app.sendCap('mail', { userId: user.id, address: user.email, ip: request.ip }, reply);
    const origin = publicOrigin(app, request);
    return ok(await sendPpt(app.db, app.adapters.mail, app.config.tokenSecret, origin, user, request.query.courseId, Date.now()));
  });

  app.get(
    '/courses/:id/courseware/file',
    { schema: { params: IdParam, querystring: CoursewareFileQuery, response: { 200: Type.Unknown({ description: 'the courseware file' }) } } },
    async (request, reply) => {
      const file = await coursewareFile(app.db, app.config.tokenSecret, app.config.dataDir, request.params.id, request.query, Date.now());
      return reply
        .type(file.mime)
        .header('Content-Disposition', `attachment; filename="courseware-${request.params.id}${file.fileName.includes('.') ? file.fileName.slice(file.fileName.lastIndexOf('.')) : ''}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .send(file.body);
    },
  );
}
