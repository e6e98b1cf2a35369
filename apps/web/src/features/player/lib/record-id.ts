/**
 * A listen record id: 16–64 characters of [A-Za-z0-9_-] (playback contract). `crypto.randomUUID`
 * needs a secure context, which a hash-routed page over plain http is not; getRandomValues does not.
 */
export function newRecordId(now: number = Date.now()): string {
  const bytes = new Uint8Array(12);
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `r${now.toString(36)}${hex}`;
}
