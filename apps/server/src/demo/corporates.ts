/** Demo corporates (enterprise customers); users, courses and banners may belong to one. */
import { assetUrl } from './common.ts';

export type CorporateKey = 'qingxi' | 'huaxin';

export interface CorporateSeed {
  key: CorporateKey;
  name: string;
  short_name: string;
  logo: string;
  created_days_ago: number;
}

export const CORPORATES: readonly CorporateSeed[] = [
  {
    key: 'qingxi',
    name: '青溪农村商业银行',
    short_name: '青溪农商行',
    logo: assetUrl('corporates/corp-1.svg'),
    created_days_ago: 400,
  },
  {
    key: 'huaxin',
    name: '华信金融租赁有限公司',
    short_name: '华信租赁',
    logo: assetUrl('corporates/corp-2.svg'),
    created_days_ago: 210,
  },
];
