import { useSyncExternalStore } from 'react';
import { subscribeAuth } from '../../../lib/auth-store.ts';
import { getAccessToken } from '../../../lib/session.ts';
import { getLastExpiredCorporate } from '../api/get-last-expired-corporate.ts';
import { getLastVisitCorporate } from '../api/get-last-visit-corporate.ts';

/**
 * Corporate VIP state (spec §3): the last visited corporate (`currentCorId`) and the last
 * expired one (`expireCorId`). Reloaded on navigation (spec §2, §4): when no current corporate
 * is known ask for the last visited; if there is none and expiry is unknown, ask for the last
 * expired. Errors (including 404 while the server lacks these calls) are swallowed and retried
 * later, so navigation never waits for or breaks on them.
 */

export interface CorporateVipState {
  currentCorId: number | null;
  expireCorId: number | null;
  /** Whether `expireCorId` was answered (null can mean "none"). */
  expireKnown: boolean;
}

const INITIAL: CorporateVipState = { currentCorId: null, expireCorId: null, expireKnown: false };
/** After an answer of "none", ask again at most this often. */
const NONE_RETRY_MS = 60_000;
/** After an error, ask again at most this often. */
const ERROR_RETRY_MS = 5 * 60_000;

let state: CorporateVipState = INITIAL;
let retryAfter = 0;
let inFlight: Promise<void> | null = null;
let generation = 0;
const listeners = new Set<() => void>();

function setState(patch: Partial<CorporateVipState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getCorporateVipState(): CorporateVipState {
  return state;
}

export function subscribeCorporateVip(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCorporateVip(): CorporateVipState {
  return useSyncExternalStore(subscribeCorporateVip, getCorporateVipState, getCorporateVipState);
}

/** Forget everything (logout, a different user logging in). */
export function resetCorporateVip(): void {
  generation += 1;
  retryAfter = 0;
  inFlight = null;
  setState(INITIAL);
}

/** Mark a corporate as visited (the corporate pages call this). */
export function setCurrentCorporate(corporateId: number | null): void {
  setState({ currentCorId: corporateId });
}

export function reloadCorporateVip(now: number = Date.now()): Promise<void> {
  if (!getAccessToken()) return Promise.resolve();
  if (state.currentCorId != null || now < retryAfter) return Promise.resolve();
  if (inFlight) return inFlight;
  const mine = generation;
  inFlight = (async () => {
    try {
      const current = await getLastVisitCorporate();
      if (mine !== generation) return;
      if (current != null) {
        setState({ currentCorId: current });
        return;
      }
      if (!state.expireKnown) {
        const expired = await getLastExpiredCorporate();
        if (mine !== generation) return;
        setState({ expireCorId: expired, expireKnown: true });
      }
      retryAfter = now + NONE_RETRY_MS;
    } catch {
      if (mine === generation) retryAfter = now + ERROR_RETRY_MS;
    }
  })().finally(() => {
    if (mine === generation) inFlight = null;
  });
  return inFlight;
}

// A login or logout changes whose corporates these are.
if (typeof window !== 'undefined') subscribeAuth(resetCorporateVip);
