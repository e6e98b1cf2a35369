/**
 * The console's home and discovery section (issue 13, docs/console.md "Home and discovery"):
 * banners, tags, search hot words and the home sections. Lists answer `{items, total, page,
 * pageSize}`; banners, hot words and home sections are short and answered whole (page 1).
 */
import { Type, type Static } from 'typebox';
import { ConsolePage } from './admin-course-schemas.ts';
import { Code, Id, PageNo, PageSize } from './numbers.ts';

const Url = Type.String({ minLength: 1, maxLength: 500, pattern: '^(https?://|/)\\S+$' });

// ---- banners ----

export const AdminBanner = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  /** spec §3 link types: 0 web url / in-app path, 1 app course (link is the course id), 2 app Q&A, 3 app news. */
  linkType: Type.Integer(),
  link: Type.String(),
  /** Higher shows first on the H5 home. */
  sort: Type.Integer(),
  enabled: Type.Boolean(),
});
export type AdminBanner = Static<typeof AdminBanner>;

export const AdminBannerPage = ConsolePage(AdminBanner);
export type AdminBannerPage = Static<typeof AdminBannerPage>;

export const AdminBannerCreate = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 100 }),
    image: Url,
    linkType: Code(0, 3),
    link: Type.String({ minLength: 1, maxLength: 500 }),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AdminBannerCreate = Static<typeof AdminBannerCreate>;

export const AdminBannerPatch = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    image: Type.Optional(Url),
    linkType: Type.Optional(Code(0, 3)),
    link: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AdminBannerPatch = Static<typeof AdminBannerPatch>;

/** Every public banner's id once, first shown first. */
export const AdminBannerOrder = Type.Object({ bannerIds: Type.Array(Id(), { minItems: 1, maxItems: 200 }) }, { additionalProperties: false });
export type AdminBannerOrder = Static<typeof AdminBannerOrder>;

// ---- tags ----

export const AdminTag = Type.Object({ id: Type.Integer(), name: Type.String(), courseCount: Type.Integer() });
export type AdminTag = Static<typeof AdminTag>;

export const AdminTagPage = ConsolePage(AdminTag);
export type AdminTagPage = Static<typeof AdminTagPage>;

export const AdminTagListQuery = Type.Object({
  page: Type.Optional(PageNo()),
  pageSize: Type.Optional(PageSize()),
  /** A substring of the name (wildcards are text). */
  q: Type.Optional(Type.String({ maxLength: 20 })),
});
export type AdminTagListQuery = Static<typeof AdminTagListQuery>;

export const AdminTagBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false });
export type AdminTagBody = Static<typeof AdminTagBody>;

// ---- hot search words ----

export const AdminHotWord = Type.Object({ keyword: Type.String({ minLength: 1, maxLength: 20 }), hot: Type.Boolean() }, { additionalProperties: false });
export type AdminHotWord = Static<typeof AdminHotWord>;

/** The whole list in the order shown (PUT replaces it; GET answers it). */
export const AdminHotWords = Type.Object({ words: Type.Array(AdminHotWord, { maxItems: 30 }) }, { additionalProperties: false });
export type AdminHotWords = Static<typeof AdminHotWords>;

// ---- home sections ----

export const AdminHomeCourse = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  /** Higher shows first in the section. */
  sort: Type.Integer(),
  onShelf: Type.Boolean(),
});
export type AdminHomeCourse = Static<typeof AdminHomeCourse>;

export const AdminHomeSection = Type.Object({ type: Type.Integer(), title: Type.String(), courses: Type.Array(AdminHomeCourse) });
export type AdminHomeSection = Static<typeof AdminHomeSection>;

/** Every home section (home_list_type 1–4) in type order, empty ones included. */
export const AdminHomeSections = Type.Object({ sections: Type.Array(AdminHomeSection) });
export type AdminHomeSections = Static<typeof AdminHomeSections>;

