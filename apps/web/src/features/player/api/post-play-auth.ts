import { PlayMode, type PlayAuth } from '@jinfa/shared/media-schemas';
import { api } from '../../../lib/api-client.ts';
import { getTrackDetail } from '../../../lib/source-id.ts';

export type { PlayAuth };

/** mode 2: the H5 app can play it; anything else plays only in the native app (→ /gotoApp). */
export const H5_PLAYABLE_MODE = PlayMode.H5;

/**
 * POST /v1/courses/{id}/play_auth?sourseType=1&soldBy=&chapterId= → a short-lived signed HLS URL.
 * Silent: the player shows refusals (not enrolled, corporate membership expired) in place.
 */
export function postPlayAuth(courseId: number, chapterId: number | null, signal?: AbortSignal): Promise<PlayAuth> {
  return api.post<PlayAuth>(`/v1/courses/${courseId}/play_auth`, {}, {
    query: { sourseType: 1, soldBy: getTrackDetail()?.soldBy ?? '', chapterId: chapterId ?? undefined },
    signal,
    silent: true,
  });
}

/** Whether a signed URL is still good for at least `marginMs` (it lives minutes). */
export function isAuthFresh(auth: PlayAuth, now: number = Date.now(), marginMs = 20_000): boolean {
  const expires = Date.parse(auth.expiresAt);
  return Number.isFinite(expires) ? expires - marginMs > now : true;
}
