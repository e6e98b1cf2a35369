/** Demo home banners. */
import type { ColumnKey } from './columns.ts';
import { assetUrl } from './common.ts';
import type { CorporateKey } from './corporates.ts';
import type { CourseKey } from './courses.ts';

/** Where a banner leads; course and column ids are known only after insert. */
export type BannerTarget =
  | { course: CourseKey }
  | { column: ColumnKey }
  | { path: string };

export interface BannerSeed {
  title: string;
  image: string;
  /** 0 web url (an in-app hash path), 1 app course (link = course id). */
  link_type: 0 | 1;
  target: BannerTarget;
  sort: number;
  corporate: CorporateKey | null;
}

export const BANNERS: readonly BannerSeed[] = [
  {
    title: '新《反洗钱法》实施专题',
    image: assetUrl('banners/banner-1.svg'),
    link_type: 1,
    target: { course: 'aml-law' },
    sort: 6,
    corporate: null,
  },
  {
    title: '民法典担保制度解释精讲 · 早鸟价',
    image: assetUrl('banners/banner-2.svg'),
    link_type: 0,
    target: { course: 'guarantee-interpretation' },
    sort: 5,
    corporate: null,
  },
  {
    title: '数据合规一本通 专栏上线',
    image: assetUrl('banners/banner-3.svg'),
    link_type: 0,
    target: { column: 'data-compliance' },
    sort: 4,
    corporate: null,
  },
  {
    title: '开通基础会员 畅学会员专区好课',
    image: assetUrl('banners/banner-4.svg'),
    link_type: 0,
    target: { path: '/userCenter/vip' },
    sort: 3,
    corporate: null,
  },
  {
    title: '福利专区 · 免费好课限时学',
    image: assetUrl('banners/banner-5.svg'),
    link_type: 0,
    target: { path: '/classification?isFree=1' },
    sort: 2,
    corporate: null,
  },
  {
    title: '青溪农商行年度合规培训季',
    image: assetUrl('banners/banner-6.svg'),
    link_type: 1,
    target: { course: 'corp-qingxi-credit' },
    sort: 1,
    corporate: 'qingxi',
  },
];
