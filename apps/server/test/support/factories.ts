/**
 * Factories for tests (Outline's server/test/factories.ts): rows with sensible defaults that a
 * test overrides only where it matters, and a signed-in session without going through SMS.
 */
import type { Insertable, Kysely } from 'kysely';
import type { TokenPair } from '@jinfa/shared';
import type { CoursesTable, DB, LivesTable, NewUser, UserRow } from '../../src/db/schema.ts';
import { insertUser, newUser } from '../../src/modules/users/user-repository.ts';
import { newCourseDefaults } from '../../src/modules/courses/course-admin-repository.ts';
import { issueTokenPair } from '../../src/modules/auth/token-service.ts';
import type { TestApp } from './build.ts';

let seq = 0;
const next = () => (seq += 1);

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

/* Catalogue rows: a course with its subject and lecturer in one call, overridable where a test cares. */

export async function buildSubject(db: Kysely<DB>, overrides: Partial<{ name: string; icon: string; sort: number }> = {}) {
  const n = next();
  return db
    .insertInto('subjects')
    .values({ name: `学科${n}`, icon: `/icons/s${n}.svg`, sort: n, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildLecturer(db: Kysely<DB>, overrides: Partial<{ name: string; position: string; avatar: string; company: string }> = {}) {
  const n = next();
  return db
    .insertInto('lecturers')
    .values({ name: `讲师${n}`, avatar: `/avatars/l${n}.svg`, company: '某商业银行', department: '法律合规部', position: '总经理', intro: '', ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type CourseOverrides = Partial<Insertable<CoursesTable>>;

/** An on-shelf paid course (299.00, member price 199.00); a subject and lecturer are made unless given. */
export async function buildCourse(db: Kysely<DB>, overrides: CourseOverrides = {}) {
  const n = next();
  const subjectId = overrides.subject_id ?? (await buildSubject(db)).id;
  const lecturerId = overrides.lecturer_id ?? (await buildLecturer(db)).id;
  const now = Date.now();
  return db
    .insertInto('courses')
    .values({
      name: `课程${n}`,
      subtitle: `副标题${n}`,
      cover: `/covers/c${n}.svg`,
      detail: '<p>简介</p>',
      course_type: 1,
      course_level: 1,
      subject_id: subjectId,
      lecturer_id: lecturerId,
      media_type: 1,
      price: 29900,
      vip_price: 19900,
      original_price: 39900,
      is_free: 0,
      ...newCourseDefaults(now),
      status: 1,
      duration_seconds: 3600,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A free on-shelf course. */
export function buildFreeCourse(db: Kysely<DB>, overrides: CourseOverrides = {}) {
  return buildCourse(db, { price: 0, vip_price: null, original_price: 4900, is_free: 1, ...overrides });
}

/** An on-shelf series (course_type 2) with a free-trial first chapter and a paid (39.00) second one. */
export async function buildSeriesWithTrial(db: Kysely<DB>, overrides: CourseOverrides = {}) {
  const series = await buildCourse(db, { course_type: 2, ...overrides });
  const [trial, paid] = await db
    .insertInto('chapters')
    .values([
      { course_id: series.id, title: '第1讲', sort: 1, duration_seconds: 600, is_free_trial: 1, price: 0, status: 1 },
      { course_id: series.id, title: '第2讲', sort: 2, duration_seconds: 600, is_free_trial: 0, price: 3900, status: 1 },
    ])
    .returning('id')
    .execute();
  return { series, trial: trial!, paid: paid! };
}

export async function buildLive(db: Kysely<DB>, overrides: Partial<Insertable<LivesTable>> & { start_at: number; end_at: number }) {
  const n = next();
  const lecturerId = overrides.lecturer_id ?? (await buildLecturer(db)).id;
  return db
    .insertInto('lives')
    .values({ title: `直播${n}`, cover: `/lives/${n}.svg`, lecturer_id: lecturerId, price: 0, signup_count: 0, has_replay: 0, status: 1, created_at: Date.now(), ...overrides })
    .returningAll()
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

/** A fresh user with a session: what most suites need before calling a signed-in route. */
export async function signedInUser(t: TestApp, overrides: Partial<NewUser> = {}): Promise<{ user: UserRow; headers: Login['headers']; login: Login }> {
  const user = await buildUser(t.app.db, overrides);
  const login = await loginAs(t, user.id);
  return { user, headers: login.headers, login };
}
