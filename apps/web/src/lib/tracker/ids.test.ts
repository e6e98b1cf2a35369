import { describe, expect, it } from 'vitest';
import { TrackClientId } from '@jinfa/shared/schemas';
import { newClientId } from './ids.ts';

describe('newClientId', () => {
  it('is 96 random bits in base64url, valid for the collect schema, and does not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, newClientId));
    expect(ids.size).toBe(10_000);
    for (const id of [...ids].slice(0, 100)) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(id.length).toBeGreaterThanOrEqual((TrackClientId as { minLength?: number }).minLength ?? 16);
    }
  });
});
