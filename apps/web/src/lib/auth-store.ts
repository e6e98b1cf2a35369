import { useSyncExternalStore } from 'react';
import type { TokenPair } from '@jinfa/shared/schemas';
import { StorageKeys, readItem, removeItem, writeItem } from './storage.ts';

/**
 * The stored session (spec §4, §9): access token, refresh token and user id in localStorage,
 * with a subscription so React can re-render when someone logs in or out.
 */

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getStoredToken(): string | null {
  return readItem(StorageKeys.ACCESS_TOKEN) || null;
}

export function getRefreshToken(): string | null {
  return readItem(StorageKeys.REFRESH_TOKEN) || null;
}

export function getStoredUserId(): number | null {
  const raw = readItem(StorageKeys.USER_ID);
  const id = raw == null ? NaN : Number.parseInt(raw, 10);
  return Number.isFinite(id) ? id : null;
}

export type StoredTokens = Pick<TokenPair, 'accessToken'> & Partial<Pick<TokenPair, 'refreshToken' | 'userId'>>;

export function saveTokens(tokens: StoredTokens): void {
  writeItem(StorageKeys.ACCESS_TOKEN, tokens.accessToken);
  if (tokens.refreshToken) writeItem(StorageKeys.REFRESH_TOKEN, tokens.refreshToken);
  if (tokens.userId != null) writeItem(StorageKeys.USER_ID, String(tokens.userId));
  emit();
}

export function clearTokens(): void {
  removeItem(StorageKeys.ACCESS_TOKEN);
  removeItem(StorageKeys.REFRESH_TOKEN);
  removeItem(StorageKeys.USER_ID);
  emit();
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === StorageKeys.ACCESS_TOKEN) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored access token, re-rendering on login and logout. */
export function useStoredToken(): string | null {
  return useSyncExternalStore(subscribeAuth, getStoredToken, () => null);
}
