/**
 * PPT and courseware (spec §7.2): whether a course has slides, the slides (entitled learners
 * only, a free-trial chapter included), the courseware's name and size, a short-lived download
 * link signed for one learner, and e-mailing that link. The link is the capability: it names the
 * user, course and expiry and carries an HMAC of them; the file route re-checks the entitlement.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ErrorCodes, type CoursewarePath, type CoursewareUrl, type ExistPpt, type PptImages, type SendPptResult } from '@jinfa/shared';
import type { MailSender } from '../../adapters/mail/mail-sender.ts';
import type { UserRow } from '../../db/schema.ts';
import { hmacHex, safeEqual } from '../../lib/crypto.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { maskMobile } from '../../lib/mask.ts';
import { findUserById } from '../users/user-repository.ts';
import type { Db } from '../../db/conn.ts';
import { renderHandout } from './handout.ts';
import { assertCanListen, findListenCourse } from './listen-access.ts';
import { countSlides, findCourseware, findLecturerName, insertDownload, insertOutbox, listSlides } from './ppt-repository.ts';

/** A download link from courseware_url / download_ppt lives 5 minutes; one sent by e-mail 3 days. */
export const LINK_TTL_MS = 5 * 60_000;
export const MAIL_LINK_TTL_MS = 3 * 86_400_000;

export async function existPpt(db: Db, courseId: number): Promise<ExistPpt> {
  if (!(await findListenCourse(db, courseId))) throw new NotFoundError('课程不存在');
  const [count, ware] = await Promise.all([countSlides(db, courseId), findCourseware(db, courseId)]);
  return { courseId, exist: count > 0, count, hasCourseware: ware !== undefined };
}

export async function pptImages(db: Db, user: UserRow, courseId: number, chapterId: number | null, now: number): Promise<PptImages> {
  await assertCanListen(db, user, courseId, chapterId, now);
  const rows = await listSlides(db, courseId, chapterId);
  return {
    courseId,
    rows: rows.map((r) => ({ slideId: r.id, chapterId: r.chapter_id, sort: r.sort, imageUrl: r.image_url, atSeconds: r.at_seconds })),
  };
}

export async function coursewarePath(db: Db, courseId: number): Promise<CoursewarePath> {
  if (!(await findListenCourse(db, courseId))) throw new NotFoundError('课程不存在');
  const ware = await findCourseware(db, courseId);
  if (!ware) return { courseId, exist: false, fileName: '', fileSize: 0, mime: '' };
  return { courseId, exist: true, fileName: ware.file_name, fileSize: ware.file_size, mime: ware.mime };
}

function linkSignature(secret: string, courseId: number, userId: number, expiresAt: number): string {
  return Buffer.from(hmacHex(secret, `courseware:${courseId}:${userId}:${expiresAt}`), 'hex').toString('base64url');
}

export function signedCoursewarePath(secret: string, courseId: number, userId: number, expiresAt: number): string {
  return `/v1/courses/${courseId}/courseware/file?u=${userId}&e=${expiresAt}&s=${linkSignature(secret, courseId, userId, expiresAt)}`;
}

async function entitledCourseware(db: Db, user: UserRow, courseId: number, now: number) {
  await assertCanListen(db, user, courseId, null, now);
  const ware = await findCourseware(db, courseId);
  // -1335 (silent): this course has no courseware.
  if (!ware) throw new AppError(-1335);
  return ware;
}

export async function coursewareUrl(db: Db, secret: string, user: UserRow, courseId: number, now: number, record: boolean): Promise<CoursewareUrl> {
  const ware = await entitledCourseware(db, user, courseId, now);
  if (record) await insertDownload(db, user.id, courseId, 'download', now);
  const expiresAt = now + LINK_TTL_MS;
  return {
    courseId,
    url: signedCoursewarePath(secret, courseId, user.id, expiresAt),
    expiresAt: new Date(expiresAt).toISOString(),
    fileName: ware.file_name,
    fileSize: ware.file_size,
  };
}

export async function sendPpt(db: Db, mail: MailSender, secret: string, origin: string, user: UserRow, courseId: number, now: number): Promise<SendPptResult> {
  const ware = await entitledCourseware(db, user, courseId, now);
  const to = user.email.trim();
  if (!to) throw new AppError(ErrorCodes.EMAIL_MISSING);
  // Nothing goes to an address its owner has not proved (decision 018): the popup leads to the profile.
  if (user.email_verified_at === null) throw new AppError(ErrorCodes.EMAIL_NOT_VERIFIED);
  const names = await findLecturerName(db, courseId);
  const link = `${origin}${signedCoursewarePath(secret, courseId, user.id, now + MAIL_LINK_TTL_MS)}`;
  const subject = `【金法课堂】${names?.course_name ?? ''} 课件`;
  const text = `${user.name || user.nickname}，您好：\n\n您申请的课程《${names?.course_name ?? ''}》的课件「${ware.file_name}」可在 3 天内通过以下链接下载：\n${link}\n\n金法课堂`;
  let status: 'sent' | 'failed' = 'sent';
  try {
    await mail.send({ to, subject, text });
  } catch {
    status = 'failed';
  }
  await db.transaction().execute(async (trx) => {
    await insertOutbox(trx, { userId: user.id, to, subject, body: text, provider: mail.name, status, now });
    if (status === 'sent') await insertDownload(trx, user.id, courseId, 'email', now);
  });
  if (status === 'failed') throw new AppError(ErrorCodes.SERVER_ERROR_ALT, '邮件发送失败，请稍后再试');
  return { courseId, sent: true, email: maskEmail(to), fileName: ware.file_name };
}

/** zhang.mingyuan@example.com → zh***@example.com */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return maskMobile(email);
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

export interface CoursewareFile {
  fileName: string;
  mime: string;
  body: Buffer | fs.ReadStream;
}

/** Serves a signed link: bad or expired signature → 403 -10086; the learner must still be entitled. */
export async function coursewareFile(
  db: Db,
  secret: string,
  dataDir: string,
  courseId: number,
  q: { u: number; e: number; s: string },
  now: number,
): Promise<CoursewareFile> {
  if (q.e < now || !safeEqual(q.s, linkSignature(secret, courseId, q.u, q.e))) throw new AppError(ErrorCodes.DOWNLOAD_LINK_INVALID);
  const user = await findUserById(db, q.u);
  if (!user) throw new AppError(ErrorCodes.DOWNLOAD_LINK_INVALID);
  const ware = await entitledCourseware(db, user, courseId, now);
  if (ware.storage === 'generated') {
    const names = await findLecturerName(db, courseId);
    const slides = await listSlides(db, courseId, null);
    const html = renderHandout(names?.course_name ?? '', names?.lecturer_name ?? '', slides.map((s) => s.image_url));
    return { fileName: ware.file_name, mime: ware.mime, body: Buffer.from(html, 'utf8') };
  }
  const root = path.resolve(dataDir, 'courseware');
  const file = path.resolve(root, ware.file_path);
  if (!file.startsWith(root + path.sep) || !fs.existsSync(file)) throw new NotFoundError('课件文件不存在');
  return { fileName: ware.file_name, mime: ware.mime, body: fs.createReadStream(file) };
}
