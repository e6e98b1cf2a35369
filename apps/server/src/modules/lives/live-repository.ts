import type { Conn } from '../../db/conn.ts';
import { countRows } from '../../db/paging.ts';

export type LiveScope = 'upcoming' | 'past';

export interface LiveRow {
  id: number;
  title: string;
  cover: string;
  start_at: number;
  end_at: number;
  price: number;
  signup_count: number;
  has_replay: number;
  lecturer_name: string;
  lecturer_position: string;
  lecturer_avatar: string;
}

function scoped(db: Conn, scope: LiveScope, now: number) {
  const q = db.selectFrom('lives').where('lives.status', '=', 1);
  // Upcoming holds what has not ended (including the class on air); past holds the rest.
  return scope === 'upcoming' ? q.where('lives.end_at', '>', now) : q.where('lives.end_at', '<=', now);
}

/** Upcoming: soonest start first. Past: most recently ended first. */
export function listLives(db: Conn, scope: LiveScope, now: number, offset: number, limit: number): Promise<LiveRow[]> {
  const q = scoped(db, scope, now)
    .innerJoin('lecturers', 'lecturers.id', 'lives.lecturer_id')
    .select([
      'lives.id',
      'lives.title',
      'lives.cover',
      'lives.start_at',
      'lives.end_at',
      'lives.price',
      'lives.signup_count',
      'lives.has_replay',
      'lecturers.name as lecturer_name',
      'lecturers.position as lecturer_position',
      'lecturers.avatar as lecturer_avatar',
    ]);
  const ordered = scope === 'upcoming' ? q.orderBy('lives.start_at', 'asc') : q.orderBy('lives.end_at', 'desc');
  return ordered.orderBy('lives.id', 'asc').offset(offset).limit(limit).execute();
}

export function countLives(db: Conn, scope: LiveScope, now: number): Promise<number> {
  return countRows(scoped(db, scope, now));
}
