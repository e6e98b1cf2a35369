import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './support/db.ts';
import { seedDemoData } from '../src/demo/seeder.ts';
import { seriesDeck } from '../src/modules/listening/slide-art.ts';

/** The "page / pages" footer drawn on a generated slide. */
function footer(url: string): string {
  const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1));
  return /text-anchor="end">(\d+ \/ \d+)<\/text>/.exec(svg)?.[1] ?? '';
}

describe('seeded slide numbering', () => {
  it('numbers every slide as the slides panel counts it (course pages plus the chapter own pages)', async () => {
    const db = await createTestDatabase('sqlite');
    try {
      await seedDemoData(db.db);
      const slides = await db.db.selectFrom('course_slides').select(['course_id', 'chapter_id', 'sort', 'image_url']).orderBy('course_id').orderBy('sort').execute();
      expect(slides.length).toBeGreaterThan(0);
      let views = 0;
      for (const courseId of new Set(slides.map((s) => s.course_id))) {
        const ofCourse = slides.filter((s) => s.course_id === courseId);
        const chapterIds = [...new Set(ofCourse.map((s) => s.chapter_id).filter((id) => id != null))];
        // What the panel shows: the whole deck of a single course, or per chapter the course-wide pages then its own.
        const panels = chapterIds.length === 0 ? [ofCourse] : chapterIds.map((id) => ofCourse.filter((s) => s.chapter_id == null || s.chapter_id === id));
        for (const panel of panels) {
          views++;
          expect(panel.map((s) => footer(s.image_url))).toEqual(panel.map((_, i) => `${i + 1} / ${panel.length}`));
        }
      }
      // At least one series with chapter decks was checked.
      expect(views).toBeGreaterThan(new Set(slides.map((s) => s.course_id)).size);
    } finally {
      await db.cleanup();
    }
  });

  it('pads a chapter with too few points to the same page count', () => {
    const deck = seriesDeck('民法典系列', '王律师', [
      { title: '第一讲', points: ['甲', '乙'] },
      { title: '第二讲', points: [] },
    ]);
    expect(footer(deck.title)).toBe('1 / 3');
    expect(deck.chapters.map((pages) => pages.map(footer))).toEqual([
      ['2 / 3', '3 / 3'],
      ['2 / 3', '3 / 3'],
    ]);
  });
});
