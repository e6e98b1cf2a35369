/**
 * Play sessions for listening tests (decision 016): a ready media row (no files needed — the
 * reports never fetch media) and play_auth, which opens the session a report must carry.
 */
import type { TestApp } from './support/build.ts';

/** Marks a course (or one chapter) playable with a ready asset of `duration` seconds. */
export async function readyMedia(t: TestApp, courseId: number, chapterId: number | null = null, duration: number | null = 1800): Promise<number> {
  const now = Date.now();
  const row = await t.app.db
    .insertInto('media_assets')
    .values({ course_id: courseId, chapter_id: chapterId, media_type: 1, status: 'ready', error: null, storage_prefix: `test/${courseId}/${chapterId ?? 0}`, duration_seconds: duration, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** POST play_auth and answer its play session id (throws on a refusal). */
export async function openSession(t: TestApp, courseId: number, headers: Record<string, string>, chapterId?: number): Promise<string> {
  const query = chapterId === undefined ? '' : `?chapterId=${chapterId}`;
  const res = (await t.app.inject({ method: 'POST', url: `/v1/courses/${courseId}/play_auth${query}`, headers, payload: {} })).json();
  if (res.code !== 0) throw new Error(`play_auth answered ${res.code} ${res.message}`);
  return res.data.playSession as string;
}

/**
 * For suites about records rather than time: every (learner, course, chapter) gets one play
 * session, opened `leadMs` before the first report (so positions and credits of the scenario fit
 * its wall clock), on a ready course-level asset of unknown duration (the catalogue's counts).
 * A refused play_auth gives no session: the report then meets the same refusal itself.
 */
export function sessionOpener(app: () => TestApp, clock: (ms: number) => void, leadMs = 1_800_000) {
  const opened = new Map<string, Promise<string | undefined>>();
  return (courseId: number, chapterId: number | null | undefined, headers: Record<string, string> | undefined): Promise<string | undefined> => {
    if (!headers) return Promise.resolve(undefined);
    const key = `${JSON.stringify(headers)}:${courseId}:${chapterId ?? 0}`;
    let session = opened.get(key);
    if (!session) {
      session = (async () => {
        const t = app();
        const now = Date.now();
        const course = await t.app.db.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst();
        if (!course) return undefined;
        const asset = await t.app.db.selectFrom('media_assets').select('id').where('course_id', '=', courseId).where('chapter_id', 'is', null).executeTakeFirst();
        if (!asset) await readyMedia(t, courseId, null, null);
        clock(now - leadMs);
        const query = chapterId ? `?chapterId=${chapterId}` : '';
        const res = (await t.app.inject({ method: 'POST', url: `/v1/courses/${courseId}/play_auth${query}`, headers, payload: {} })).json();
        clock(now);
        return res.code === 0 ? (res.data.playSession as string) : undefined;
      })();
      opened.set(key, session);
    }
    return session;
  };
}
