/**
 * Factories for tests (Outline's server/test/factories.ts): rows with sensible defaults that a
 * test overrides only where it matters, and a signed-in session without going through SMS.
 */
import type { Kysely } from 'kysely';
import type { TokenPair } from '@jinfa/shared';
import type { DB, NewUser, UserRow } from '../../src/db/schema.ts';
import { insertUser, newUser } from '../../src/modules/users/user-repository.ts';
import { issueTokenPair } from '../../src/modules/auth/token-service.ts';
import type { TestApp } from './build.ts';

let seq = 0;

/** A user with a unique mobile (1390000000n), a valid real name and an active account. */
export async function buildUser(db: Kysely<DB>, overrides: Partial<NewUser> = {}): Promise<UserRow> {
  seq += 1;
  return insertUser(
    db,
    newUser(Date.now(), { name: '测试学员', nickname: `学员${seq}`, mobile: `1390${String(seq).padStart(7, '0')}`, ...overrides }),
  );
}

export async function buildCorporate(db: Kysely<DB>, overrides: Partial<{ name: string; short_name: string; logo: string }> = {}): Promise<{ id: number; name: string }> {
  return db
    .insertInto('corporates')
    .values({ name: '示例银行股份有限公司', short_name: '示例银行', logo: '', created_at: Date.now(), ...overrides })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export interface Login extends TokenPair {
  /** Headers that make app.inject calls as this user. */
  headers: { 'access-token': string };
}

/** A session for the user, issued by the token service directly (no SMS round trip). */
export async function loginAs(t: TestApp, userId: number): Promise<Login> {
  const { sessionId: _sessionId, ...pair } = await issueTokenPair(
    t.app.db,
    { accessTokenTtlSec: t.config.accessTokenTtlSec, refreshTokenTtlSec: t.config.refreshTokenTtlSec },
    { userId, userAgent: 'vitest', now: Date.now() },
  );
  return { ...pair, headers: { 'access-token': pair.accessToken } };
}
