/** Pieces the route files share. */
import { Type } from 'typebox';

/** Bodiless writes: the H5 sends `{}`, curl sends nothing; nothing in it is read. */
export const EmptyBody = Type.Unknown({ description: 'ignored' });

/**
 * Answers that depend on the caller: no shared cache may keep them. Every /v1 answer without a
 * policy of its own gets it (plugins/security-headers.ts); a route sets it itself only to
 * override one that would otherwise be set.
 */
export const PRIVATE_NO_STORE = 'private, no-store';
