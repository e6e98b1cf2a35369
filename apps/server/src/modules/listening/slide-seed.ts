/**
 * Demo slides and courseware for a few seeded courses (a free video, a paid video, an audio
 * course and a series with per-chapter slides synchronised to the media). Called by the demo
 * seed inside its transaction.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { COURSES } from '../../db/seed/data.ts';
import { renderHandout } from './handout.ts';
import { courseDeck, keyPoints, seriesDeck } from './slide-art.ts';

export const SLIDE_COURSE_KEYS = ['compliance-basics', 'compliance-measures', 'related-party', 'civil-code-series'] as const;

export async function seedSlides(trx: Transaction<DB>, now: number): Promise<void> {
  for (const key of SLIDE_COURSE_KEYS) {
    const seed = COURSES.find((c) => c.key === key);
    if (!seed) continue;
    const course = await trx
      .selectFrom('courses')
      .innerJoin('lecturers', 'lecturers.id', 'courses.lecturer_id')
      .select(['courses.id', 'courses.duration_seconds', 'lecturers.name as lecturer'])
      .where('courses.name', '=', seed.name)
      .executeTakeFirst();
    if (!course) continue;
    const points = keyPoints(seed.detail);
    const deck = courseDeck(seed.name, course.lecturer, points);
    const chapters = await trx.selectFrom('chapters').select(['id', 'title', 'duration_seconds']).where('course_id', '=', course.id).orderBy('sort').execute();
    const rows: Array<{ course_id: number; chapter_id: number | null; sort: number; image_url: string; at_seconds: number | null }> = [];
    if (chapters.length === 0) {
      // One deck over the whole media, pages evenly spread over its duration.
      const step = course.duration_seconds ? Math.floor(course.duration_seconds / deck.length) : null;
      deck.forEach((url, i) => rows.push({ course_id: course.id, chapter_id: null, sort: i + 1, image_url: url, at_seconds: step === null ? null : i * step }));
    } else {
      // A series: the title page for the course, then two pages per chapter for the first chapters,
      // numbered as the player shows them (the title page, then the chapter's own pages).
      const shown = chapters.slice(0, 4);
      const decks = seriesDeck(seed.name, course.lecturer, shown.map((ch, ci) => ({ title: ch.title, points: points.slice(ci, ci + 2) })));
      rows.push({ course_id: course.id, chapter_id: null, sort: 1, image_url: decks.title, at_seconds: null });
      shown.forEach((ch, ci) => {
        const pages = decks.chapters[ci] ?? [];
        const step = ch.duration_seconds ? Math.floor(ch.duration_seconds / pages.length) : null;
        pages.forEach((url, i) => rows.push({ course_id: course.id, chapter_id: ch.id, sort: 10 + ci * 10 + i, image_url: url, at_seconds: step === null ? null : i * step }));
      });
    }
    await trx.insertInto('course_slides').values(rows).execute();
    const handout = renderHandout(seed.name, course.lecturer, rows.map((r) => r.image_url));
    await trx
      .insertInto('courseware')
      .values({
        course_id: course.id,
        storage: 'generated',
        file_path: '',
        file_name: `${seed.name}-课件.html`,
        file_size: Buffer.byteLength(handout, 'utf8'),
        mime: 'text/html; charset=utf-8',
        created_at: now,
      })
      .execute();
  }
}
