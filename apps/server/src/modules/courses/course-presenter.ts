/**
 * Rows → the /v1 contract shapes (CourseDetail, Chapter; CourseCard is course-card.ts). The route's response
 * schema stays the whitelist; these only rename and format (fen → yuan strings, ms → ISO).
 */
import type { AccessReason, Chapter, CourseAccessBy, CourseDetail } from '@jinfa/shared';
import { coursePrices, yuan } from './course-card.ts';
import type { CourseDetailRow } from './course-repository.ts';
import { sanitizeHtml } from './sanitize-html.ts';

/**
 * Sanitised introductions by their raw text: a course page is read far more often than edited,
 * and sanitising is pure, so an edited text is simply a new key. Bounded, oldest out.
 */
const sanitized = new Map<string, string>();
const SANITIZED_MAX = 500;

function sanitizedDetail(raw: string): string {
  let html = sanitized.get(raw);
  if (html === undefined) {
    html = sanitizeHtml(raw);
    if (sanitized.size >= SANITIZED_MAX) {
      const oldest = sanitized.keys().next().value;
      if (oldest !== undefined) sanitized.delete(oldest);
    }
    sanitized.set(raw, html);
  }
  return html;
}

export function toCourseDetail(
  row: CourseDetailRow,
  caller: { isFavorite: boolean; owned: boolean; accessBy: CourseAccessBy | null; accessReason: AccessReason } | null,
): CourseDetail {
  return {
    courseId: row.id,
    name: row.name,
    subtitle: row.subtitle,
    cover: row.cover,
    detail: sanitizedDetail(row.detail),
    isSeries: row.course_type === 2,
    courseType: row.course_type,
    courseLevel: row.course_level,
    mediaType: row.media_type,
    ...coursePrices(row),
    originalPriceYuan: yuan(row.original_price),
    activityType: row.activity_type,
    durationSeconds: row.duration_seconds,
    learnersCount: row.learners_count,
    chapterCount: row.chapter_count,
    lecturerId: row.lecturer_id,
    lecturerName: row.lecturer_name,
    lecturerAvatar: row.lecturer_avatar,
    lecturerCompany: row.lecturer_company,
    lecturerDepartment: row.lecturer_department,
    lecturerPosition: row.lecturer_position,
    lecturerIntro: row.lecturer_intro,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    tags: row.tags.map((t) => ({ tagId: t.id, tagName: t.name })),
    corporateId: row.corporate_id,
    nativeOnly: row.native_only === 1,
    needsVerifiedProfile: row.needs_verified_profile === 1,
    publishedAt: new Date(row.published_at).toISOString(),
    // Stable per course so the answer (and its ETag) is the same for every anonymous reader.
    trackingId: `course-${row.id}`,
    ...(caller ? { isFavorite: caller.isFavorite } : {}),
    owned: caller?.owned ?? false,
    ...(caller?.accessBy ? { accessBy: caller.accessBy } : {}),
    ...(caller ? { accessReason: caller.accessReason } : {}),
  };
}

export function toChapter(row: { id: number; title: string; sort: number; duration_seconds: number | null; is_free_trial: number; price: number }): Chapter {
  return {
    chapterId: row.id,
    title: row.title,
    sort: row.sort,
    durationSeconds: row.duration_seconds,
    isFreeTrial: row.is_free_trial === 1,
    price: row.price,
    priceYuan: yuan(row.price),
  };
}
