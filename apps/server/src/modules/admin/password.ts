/** Operator passwords: argon2id (the library's default algorithm) with its default cost, PHC strings. */
import { hash, verify } from '@node-rs/argon2';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export function hashPassword(password: string): Promise<string> {
  // algorithm 2 = Argon2id (the enum is a const enum, which our isolated modules cannot import).
  return hash(password, { algorithm: 2 });
}

/** False for a wrong password and for a hash that is not one (never throws on bad input). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a password no one knows: sign-in verifies against it for unknown phones, so timing does not tell which phones exist. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}`);
  return decoy;
}
