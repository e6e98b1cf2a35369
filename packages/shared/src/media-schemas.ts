/**
 * Playback contract (issue 5, shared by the media server, the learning records and the web
 * players): play authorisation, permission check, playlist, the signed media URLs and the
 * operator's import calls. Decision 010 explains the URL signing and the HLS layout.
 */
import { Type, type Static } from 'typebox';
import { Literals, NullableInt, NullableString } from './fragments.ts';
import { Id, Int } from './numbers.ts';


/** `mode` of play_auth: 1 plays only in the native app (send the learner to /gotoApp), 2 H5 can play. */
export const PlayMode = { NATIVE_ONLY: 1, H5: 2 } as const;
/** `mediaType`: 1 video, 2 audio (same values as courses). */
export const MediaKind = { VIDEO: 1, AUDIO: 2 } as const;

/** Query of POST /v1/courses/{id}/play_auth (`sourseType` spelled as in the spec). */
export const PlayAuthQuery = Type.Object({
  sourseType: Type.Optional(Int({ minimum: 0, maximum: 99 })),
  soldBy: Type.Optional(Type.String({ maxLength: 64 })),
  /** A series' chapter; default: the first chapter the learner may play. */
  chapterId: Type.Optional(Id()),
});
export type PlayAuthQuery = Static<typeof PlayAuthQuery>;

export const PlayQualityLabel = Literals(['流畅', '标清', '高清']);
export const PlayQuality = Type.Object({
  label: PlayQualityLabel,
  height: Type.Integer(),
  /** Signed URL of this quality's media playlist (same expiry as videoUrl). */
  url: Type.String(),
});
export type PlayQuality = Static<typeof PlayQuality>;

export const PlayAuth = Type.Object({
  /** Same-origin signed HLS master playlist URL; '' when mode is 1. */
  videoUrl: Type.String(),
  mode: Type.Integer({ description: '1 native app only, 2 H5 can play' }),
  courseId: Type.Integer(),
  chapterId: NullableInt,
  mediaType: Type.Integer({ description: '1 video, 2 audio' }),
  /** When videoUrl (and the quality URLs) stop opening; ask play_auth again after. */
  expiresAt: Type.String(),
  /** Seconds, null when unknown. */
  duration: Type.Union([Type.Number(), Type.Null()]),
  /** Video: lowest first; audio: empty. */
  qualities: Type.Array(PlayQuality),
  /** The learner's masked phone (138****5678), else a masked name. */
  watermark: Type.String(),
  /**
   * Opaque id of the server's play session (decision 016): every listenV3 report of this play
   * carries it as `playSession`; only time the server measured within it is credited. '' in mode 1.
   */
  playSession: Type.String({ maxLength: 64 }),
});
export type PlayAuth = Static<typeof PlayAuth>;

export const PermittedQuery = Type.Object({ chapterId: Type.Optional(Id()) });
export const Permitted = Type.Object({
  permitted: Type.Boolean(),
  reason: Type.Optional(Type.String()),
  code: Type.Optional(Type.Integer()),
});
export type Permitted = Static<typeof Permitted>;

export const PlaylistItem = Type.Object({
  /** null for a normal (single-part) course. */
  chapterId: NullableInt,
  title: Type.String(),
  /** Seconds, null when not known. */
  duration: Type.Union([Type.Number(), Type.Null()]),
  isFreeTrial: Type.Boolean(),
  /** The caller may play it now (entitled or free trial, and media is ready). */
  playable: Type.Boolean(),
  mediaType: Type.Integer(),
});
export type PlaylistItem = Static<typeof PlaylistItem>;

/** The signature fields every /v1/media URL carries: user, course, expiry (epoch s), signature. */
export const MediaSignedQuery = Type.Object({
  u: Id(),
  c: Id(),
  e: Int({ minimum: 0, maximum: 99_999_999_999 }),
  s: Type.String({ minLength: 1, maxLength: 64 }),
});
export type MediaSignedQuery = Static<typeof MediaSignedQuery>;

export const MediaAssetParam = Type.Object({ assetId: Id() });
/** A variant's playlist or segment: `/v1/media/play/{assetId}/{variant}/{file}`. */
export const MediaFileParams = Type.Object({
  assetId: Id(),
  variant: Type.String({ pattern: '^[av][0-9]{1,2}$' }),
  file: Type.String({ pattern: '^(index\\.m3u8|seg_[0-9]{3,6}\\.ts)$' }),
});

// ---- operator import (X-Ops-Token) ----

export const MediaImportQuery = Type.Object({
  courseId: Id(),
  chapterId: Type.Optional(Id()),
  /** The uploaded file's name, kept for the operator's record. */
  filename: Type.Optional(Type.String({ maxLength: 200 })),
});

export const MediaAssetStatus = Literals(['pending', 'processing', 'ready', 'failed']);
export const MediaVariant = Type.Object({
  name: Type.String(),
  height: Type.Integer(),
  bandwidth: Type.Integer(),
});
export const MediaAsset = Type.Object({
  assetId: Type.Integer(),
  courseId: NullableInt,
  chapterId: NullableInt,
  mediaType: Type.Integer(),
  status: MediaAssetStatus,
  /** 0–100. */
  progress: Type.Integer(),
  error: NullableString,
  durationSeconds: Type.Union([Type.Number(), Type.Null()]),
  variants: Type.Array(MediaVariant),
  source: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type MediaAsset = Static<typeof MediaAsset>;
