import { env } from '../../../config/env.ts';
import { isAuthFailure, refreshSession, TOKEN_EXPIRED_CODE } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session.ts';

export type ListenEvent = 'start' | 'heartbeat' | 'exit';

/** Body of `POST /v1/courses/{id}/listenV3` (playback contract, L's side). */
export interface ListenReport {
  /** Client-made, one per play session of one chapter. */
  recordId: string;
  chapterId: number | null;
  event: ListenEvent;
  /** The playhead, seconds. */
  position: number;
  duration: number | null;
  /** Cumulative seconds actually played in this record (wall-clock seconds of playback). */
  playedSeconds: number;
  /** Client time, ms. */
  at: number;
  /** The play session of the play_auth answer (decision 016): without it nothing is credited. */
  playSession?: string;
}

/** What became of one delivery attempt: done, try again later, or give up (the server will never take it). */
export type Delivery = 'ok' | 'retry' | 'drop';

export function listenUrl(courseId: number): string {
  return `${env.apiBase}/v1/courses/${courseId}/listenV3`;
}

/** Who wants to hear that the server ended a play session (the answer said `sessionState: 'ended'`). */
const endedListeners = new Set<(playSession: string) => void>();

/** Subscribe to ended play sessions (decision 016); answers the unsubscribe. */
export function onPlaySessionEnded(listener: (playSession: string) => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

async function post(courseId: number, body: ListenReport, token: string | null): Promise<{ status: number; code: number | null }> {
  const res = await fetch(listenUrl(courseId), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { 'Access-Token': token } : {}) },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    // Lets an exit report sent while the page goes away finish.
    keepalive: true,
  });
  let code: number | null = null;
  try {
    const parsed = (await res.json()) as { code?: unknown; data?: { sessionState?: unknown } | null };
    code = typeof parsed.code === 'number' ? parsed.code : null;
    // The session expired: the player asks play_auth for a new one (what follows is credited again).
    if (code === 0 && parsed.data?.sessionState === 'ended' && body.playSession) {
      for (const listener of endedListeners) listener(body.playSession);
    }
  } catch {
    code = null;
  }
  return { status: res.status, code };
}

/**
 * POST /v1/courses/{id}/listenV3 with fetch. Never shows a popup: reports are background work,
 * queued (lib/outbox.ts) until the server takes them. An expired token is renewed once.
 */
export async function sendListenReport(courseId: number, body: ListenReport, token: string | null): Promise<Delivery> {
  try {
    let answer = await post(courseId, body, token);
    if (answer.code === TOKEN_EXPIRED_CODE && (await refreshSession())) answer = await post(courseId, body, getAccessToken());
    const { status, code } = answer;
    if (status >= 200 && status < 300 && code === 0) return 'ok';
    // Signed out or expired: keep it a while, a new login may still deliver it.
    if (code !== null && isAuthFailure(status, code)) return 'retry';
    if (status >= 500 || status === 429 || status === 408 || code === null) return 'retry';
    return 'drop';
  } catch {
    return 'retry';
  }
}

/**
 * The same report with `navigator.sendBeacon`, for `pagehide`/`visibilitychange`: a beacon
 * cannot carry headers, so the token travels as the body field `accessToken`. False when the
 * browser would not queue it.
 */
export function beaconListenReport(courseId: number, body: ListenReport, token: string | null): boolean {
  const payload = JSON.stringify(token ? { ...body, accessToken: token } : body);
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(listenUrl(courseId), new Blob([payload], { type: 'application/json' }))) return true;
    }
  } catch {
    // Some WebViews throw on a JSON blob; fall through to a keepalive fetch.
  }
  try {
    void fetch(listenUrl(courseId), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: payload,
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}
