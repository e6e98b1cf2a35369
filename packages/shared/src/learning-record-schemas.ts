/**
 * Learning records, listening reports, PPT and courseware (issue 5; decision 011). The player
 * reports with `ListenV3Body`, resumes from `ListenProgress`; the record pages read the rest.
 */
import { Type, type Static } from 'typebox';
import { Literals, NullableInt, Page } from './fragments.ts';
import { CourseCard, PageQuery } from './schemas.ts';
import { Decimal, Id, Int, Timestamp } from './numbers.ts';

/** Seconds of media: up to 48 hours. */
const MediaSeconds = Decimal({ minimum: 0, maximum: 172_800 });

export const ListenRecordId = Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** The opaque play-session id play_auth hands out (decision 016). */
export const PlaySessionId = Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/**
 * What the server made of the report's play session: `active` (time credited as measured),
 * `paused` (after an `exit`: the next report restarts the clock), `ended` (expired: nothing
 * credited, ask play_auth again), `missing` (no session id: nothing credited or kept).
 */
export const ListenSessionState = Literals(['active', 'paused', 'ended', 'missing']);
export type ListenSessionState = Static<typeof ListenSessionState>;

export const ListenEvent = Literals(['start', 'heartbeat', 'exit']);
export type ListenEvent = Static<typeof ListenEvent>;

/**
 * `POST /v1/courses/{id}/listenV3`: one report of a play session (`recordId`, one per play of one
 * chapter). `playedSeconds` is CUMULATIVE seconds actually played in this record (not page time).
 * `accessToken` is for `navigator.sendBeacon`, which cannot set headers; the route also accepts a
 * `text/plain` body holding this JSON.
 */
export const ListenV3Body = Type.Object({
  recordId: ListenRecordId,
  chapterId: Type.Optional(Type.Union([Id(), Type.Null()])),
  event: ListenEvent,
  position: MediaSeconds,
  duration: Type.Optional(Type.Union([MediaSeconds, Type.Null()])),
  playedSeconds: MediaSeconds,
  /** Client clock (ms), informative only. */
  at: Type.Optional(Timestamp()),
  accessToken: Type.Optional(Type.String({ maxLength: 200 })),
  /** `playSession` of the play_auth answer (decision 016); a report without one credits nothing. */
  playSession: Type.Optional(PlaySessionId),
});
export type ListenV3Body = Static<typeof ListenV3Body>;

export const ListenV3Result = Type.Object({
  recordId: Type.String(),
  /** The position kept (whole seconds). */
  position: Type.Integer(),
  /** Seconds credited to this record so far (after the clamps). */
  playedSeconds: Type.Integer(),
  /** Seconds credited by this report. */
  credited: Type.Integer(),
  finished: Type.Boolean(),
  sessionState: ListenSessionState,
});
export type ListenV3Result = Static<typeof ListenV3Result>;

export const ChapterProgress = Type.Object({
  chapterId: NullableInt,
  position: Type.Integer(),
  duration: NullableInt,
  finished: Type.Boolean(),
});
export type ChapterProgress = Static<typeof ChapterProgress>;

/** `GET /v1/courses/{id}/listen_progress`: where to resume (the last played chapter), and every chapter's progress. */
export const ListenProgress = Type.Object({
  courseId: Type.Integer(),
  chapterId: NullableInt,
  position: Type.Integer(),
  duration: NullableInt,
  finished: Type.Boolean(),
  chapters: Type.Array(ChapterProgress),
});
export type ListenProgress = Static<typeof ListenProgress>;

export const VisitPlayQuery = Type.Object({ recordId: ListenRecordId });
export type VisitPlayQuery = Static<typeof VisitPlayQuery>;
export const VisitPlayResult = Type.Object({ courseId: Type.Integer(), recordId: Type.String(), visits: Type.Integer() });
export type VisitPlayResult = Static<typeof VisitPlayResult>;

export const HideListenResult = Type.Object({ courseId: Type.Integer(), hidden: Type.Boolean() });
export type HideListenResult = Static<typeof HideListenResult>;

/** One course in `GET /v1/courses/listen_record_list`, last listened first. */
export const ListenRecordItem = Type.Object({
  course: CourseCard,
  chapterId: NullableInt,
  chapterTitle: Type.String(),
  position: Type.Integer(),
  duration: NullableInt,
  /** 0..100: finished chapters of the course (a single video: its position). */
  progressPercent: Type.Integer(),
  finished: Type.Boolean(),
  playedSeconds: Type.Integer(),
  /** Minutes actually played, one decimal. */
  minutes: Type.Number(),
  lastListenedAt: Type.String(),
});
export type ListenRecordItem = Static<typeof ListenRecordItem>;
export const ListenRecordPage = Page(ListenRecordItem);
export type ListenRecordPage = Static<typeof ListenRecordPage>;
export const ListenRecordQuery = PageQuery;

/** 1 by month, 2 by week (Monday first), 3 by day. */
export const ListenDateType = Literals([1, 2, 3]);
export const ListenReportQuery = Type.Object({
  year: Type.Optional(Int({ minimum: 2000, maximum: 2100 })),
  dateType: Type.Optional(ListenDateType),
});
export type ListenReportQuery = Static<typeof ListenReportQuery>;

export const ListenBucket = Type.Object({
  /** '2026-03' (month), the Monday '2026-03-02' (week), or '2026-03-04' (day). */
  key: Type.String(),
  label: Type.String(),
  seconds: Type.Integer(),
  minutes: Type.Number(),
});
export type ListenBucket = Static<typeof ListenBucket>;

export const ListenSubjectTotal = Type.Object({ subjectId: Type.Integer(), name: Type.String(), seconds: Type.Integer(), minutes: Type.Number() });
export type ListenSubjectTotal = Static<typeof ListenSubjectTotal>;

export const ListenCourseTotal = Type.Object({ courseId: Type.Integer(), name: Type.String(), seconds: Type.Integer(), minutes: Type.Number() });
export type ListenCourseTotal = Static<typeof ListenCourseTotal>;

/** `GET /v1/courses/listen_report/by_year?year&dateType`: minutes actually played, by Asia/Shanghai day. */
export const ListenReport = Type.Object({
  year: Type.Integer(),
  dateType: Type.Integer(),
  totals: Type.Object({
    seconds: Type.Integer(),
    minutes: Type.Number(),
    activeDays: Type.Integer(),
    coursesStarted: Type.Integer(),
    coursesFinished: Type.Integer(),
    longestStreak: Type.Integer(),
  }),
  buckets: Type.Array(ListenBucket),
  topSubjects: Type.Array(ListenSubjectTotal),
  topCourses: Type.Array(ListenCourseTotal),
});
export type ListenReport = Static<typeof ListenReport>;

export const ListenExportQuery = Type.Object({ year: Type.Optional(Int({ minimum: 2000, maximum: 2100 })) });
export type ListenExportQuery = Static<typeof ListenExportQuery>;

/** `GET /v1/courses/share_stats`: the learner's own shares (/record/shareStats). */
export const ShareStatsQuery = PageQuery;
export const ShareRecord = Type.Object({
  course: CourseCard,
  shares: Type.Integer(),
  lastSharedAt: Type.String(),
});
export type ShareRecord = Static<typeof ShareRecord>;
export const ShareStats = Type.Object({
  totals: Type.Object({
    shares: Type.Integer(),
    courses: Type.Integer(),
    session: Type.Integer(),
    timeline: Type.Integer(),
    poster: Type.Integer(),
    link: Type.Integer(),
  }),
  rows: Type.Array(ShareRecord),
  total: Type.Integer(),
});
export type ShareStats = Static<typeof ShareStats>;

// ---- PPT and courseware ----

export const ExistPpt = Type.Object({ courseId: Type.Integer(), exist: Type.Boolean(), count: Type.Integer(), hasCourseware: Type.Boolean() });
export type ExistPpt = Static<typeof ExistPpt>;

export const PptImagesQuery = Type.Object({ chapterId: Type.Optional(Id()) });
export type PptImagesQuery = Static<typeof PptImagesQuery>;
export const PptSlide = Type.Object({
  slideId: Type.Integer(),
  chapterId: NullableInt,
  sort: Type.Integer(),
  imageUrl: Type.String(),
  /** Media second at which the slide shows (sync), null when not synchronised. */
  atSeconds: NullableInt,
});
export type PptSlide = Static<typeof PptSlide>;
export const PptImages = Type.Object({ courseId: Type.Integer(), rows: Type.Array(PptSlide) });
export type PptImages = Static<typeof PptImages>;

export const CoursewarePath = Type.Object({
  courseId: Type.Integer(),
  exist: Type.Boolean(),
  fileName: Type.String(),
  fileSize: Type.Integer(),
  mime: Type.String(),
});
export type CoursewarePath = Static<typeof CoursewarePath>;

/** A short-lived signed download of the courseware, bound to the learner. */
export const CoursewareUrl = Type.Object({
  courseId: Type.Integer(),
  url: Type.String(),
  expiresAt: Type.String(),
  fileName: Type.String(),
  fileSize: Type.Integer(),
});
export type CoursewareUrl = Static<typeof CoursewareUrl>;

export const SendPptQuery = Type.Object({ courseId: Id() });
export type SendPptQuery = Static<typeof SendPptQuery>;
export const SendPptResult = Type.Object({ courseId: Type.Integer(), sent: Type.Boolean(), email: Type.String(), fileName: Type.String() });
export type SendPptResult = Static<typeof SendPptResult>;

export const CoursewareFileQuery = Type.Object({
  u: Id(),
  e: Timestamp({ description: 'expiry, epoch ms' }),
  s: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type CoursewareFileQuery = Static<typeof CoursewareFileQuery>;
