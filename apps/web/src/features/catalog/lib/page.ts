import type { CourseCard, CoursePage } from '@jinfa/shared/schemas';

/** Lists that may answer either a bare array or `{rows, total}`: one shape for the pages. */
export function toCoursePage(data: unknown): CoursePage {
  if (Array.isArray(data)) return { rows: data as CourseCard[], total: data.length };
  const page = data as Partial<CoursePage> | null | undefined;
  const rows = Array.isArray(page?.rows) ? page.rows : [];
  return { rows, total: Number(page?.total) || rows.length };
}

export const CATALOG_PAGE_SIZE = 10;
