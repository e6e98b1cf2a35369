import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface Slide {
  url: string;
  /** Where in the chapter this slide starts (seconds), when the slides carry timings. */
  atSeconds: number | null;
  chapterId: number | null;
}

function toSlide(raw: unknown): Slide | null {
  if (typeof raw === 'string') return raw ? { url: raw, atSeconds: null, chapterId: null } : null;
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const url = r.url ?? r.imageUrl ?? r.image;
  if (typeof url !== 'string' || !url) return null;
  const at = r.atSeconds ?? r.at_seconds ?? r.second;
  const chapterId = r.chapterId;
  return {
    url,
    atSeconds: typeof at === 'number' && Number.isFinite(at) ? at : null,
    chapterId: typeof chapterId === 'number' ? chapterId : null,
  };
}

/** GET /v1/courses/{id}/ppt_images?chapterId → the slide images in order (`{ rows }`, PptImages). */
export async function getPptImages(courseId: number, chapterId: number | null, signal?: AbortSignal): Promise<Slide[]> {
  const data = await api.get<unknown>(`/v1/courses/${courseId}/ppt_images`, {
    query: { chapterId: chapterId ?? undefined },
    signal,
    silent: true,
    noLoginRedirect: true,
  });
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object'
      ? ((data as { rows?: unknown[]; images?: unknown[] }).rows ?? (data as { images?: unknown[] }).images ?? [])
      : [];
  return list.map(toSlide).filter((s): s is Slide => s !== null);
}

export function pptImagesQueryOptions(courseId: number, chapterId: number | null) {
  return queryOptions({
    queryKey: ['courses', courseId, 'ppt-images', chapterId] as const,
    queryFn: ({ signal }) => getPptImages(courseId, chapterId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The slide showing at `seconds`: the last one whose start has passed (slides without timings: none follows). */
export function slideAt(slides: readonly Slide[], seconds: number): number {
  let index = -1;
  slides.forEach((s, i) => {
    if (s.atSeconds != null && s.atSeconds <= seconds) index = i;
  });
  return index;
}
