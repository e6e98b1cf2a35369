/** The lives list (/lives, /passLives); the live room itself is a later issue. */
import type { LiveCard, LivePage } from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import { yuan } from '../courses/course-card.ts';
import { countLives, listLives, type LiveRow, type LiveScope } from './live-repository.ts';
import { liveStatus } from './live-status.ts';

function toLiveCard(row: LiveRow, now: number): LiveCard {
  return {
    liveId: row.id,
    title: row.title,
    cover: row.cover,
    lecturerName: row.lecturer_name,
    lecturerPosition: row.lecturer_position,
    lecturerAvatar: row.lecturer_avatar,
    startAt: new Date(row.start_at).toISOString(),
    endAt: new Date(row.end_at).toISOString(),
    status: liveStatus(row, now),
    price: row.price,
    priceYuan: yuan(row.price),
    signupCount: row.signup_count,
  };
}

export async function livePage(db: Db, scope: LiveScope, now: number, pageIndex: number, pageSize: number): Promise<LivePage> {
  const [rows, total] = await Promise.all([listLives(db, scope, now, (pageIndex - 1) * pageSize, pageSize), countLives(db, scope, now)]);
  return { rows: rows.map((r) => toLiveCard(r, now)), total };
}
