import type { Conn } from '../../db/conn.ts';

export interface NewCourseShare {
  courseId: number;
  userId: number | null;
  shareType: number | null;
  channel: string;
  createdAt: number;
}

export async function insertCourseShare(db: Conn, share: NewCourseShare): Promise<void> {
  await db
    .insertInto('course_shares')
    .values({ course_id: share.courseId, user_id: share.userId, share_type: share.shareType, channel: share.channel, created_at: share.createdAt })
    .execute();
}
