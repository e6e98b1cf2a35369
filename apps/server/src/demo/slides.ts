/**
 * Demo slides and courseware: which seeded courses get them (a free video, a paid video, an
 * audio course and a series with per-chapter slides synchronised to the media). The pages are
 * drawn from each course's detail by modules/listening/slide-art.ts when the seeder runs.
 */
import type { CourseKey } from './courses.ts';

export const SLIDE_COURSE_KEYS = ['compliance-basics', 'compliance-measures', 'related-party', 'civil-code-series'] as const satisfies readonly CourseKey[];

