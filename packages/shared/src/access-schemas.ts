/**
 * Why a learner may or may not use a course (decision 024): the server's access module answers
 * with one of these beside every verdict, so the H5 can say why something is open or locked.
 * The course page carries it as the optional `accessReason`.
 */
import { Type, type Static } from 'typebox';
import { Literals } from './fragments.ts';

/**
 * Why it is open: `bought` a course order; `chapter` this chapter bought on its own; `column` a
 * column order that included the course; `membership` a member-free course for an active member;
 * `corporate` a course of the learner's corporate while that membership lasts; `free` a free
 * course; `trial` a free-trial chapter; `grant` another grant (free enrolment, membership grant).
 */
export const AccessGround = Literals(['bought', 'chapter', 'column', 'membership', 'corporate', 'free', 'trial', 'grant']);
export type AccessGround = Static<typeof AccessGround>;

/**
 * Why it is locked (each with its error code): `not_enrolled` -41230; `expired` -10090 (the
 * corporate or enterprise membership lapsed); `off_shelf` -1281; `not_started` -45061.
 */
export const AccessDenial = Literals(['not_enrolled', 'expired', 'off_shelf', 'not_started']);
export type AccessDenial = Static<typeof AccessDenial>;

export const AccessReason = Type.Union([AccessGround, AccessDenial]);
export type AccessReason = Static<typeof AccessReason>;
