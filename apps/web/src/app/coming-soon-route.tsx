import type { RouteKey } from '../config/paths.ts';
import { ComingSoonPage, type Capability } from '../components/coming-soon-page.tsx';
import { useMatches } from '../lib/router.ts';
import type { PageKey } from './route-pages.ts';

/** Which capability each not-yet-built route announces. The type makes this list complete. */
export const comingSoon: Record<Exclude<RouteKey, PageKey>, Capability> = {
  articles: 'catalog',
  articleSearch: 'catalog',
  corTasks: 'training',
  corTaskDetail: 'training',
  corTaskRank: 'training',
  corTaskEmployeeDetail: 'training',
  corTaskAllRank: 'training',
  liveCourse: 'live',
  liveRoom: 'live',
  livePlayback: 'live',
  examIndex: 'exam',
  examPaper: 'exam',
  examResult: 'exam',
  examPreview: 'exam',
  examRank: 'exam',
  examPcIndex: 'exam',
  examPcPaper: 'exam',
  examPcResult: 'exam',
  examPcPreview: 'exam',
  examPcRank: 'exam',
  trainIndex: 'training',
  trainList: 'training',
  trainDetail: 'training',
  trainRank: 'training',
  trainCertificate: 'training',
  trainPlay: 'training',
  activityList: 'purchase',
  myActivity: 'purchase',
  padReg: 'training',
  userInfoClear: 'account',
  userClass: 'learning',
  orgClass: 'training',
  activityInvitation: 'share',
  corporateActivate: 'training',
  corporateIpBandWx: 'training',
  corporateCampsActivate: 'training',
  magazines: 'catalog',
  magazineApply: 'catalog',
  orgUserBind: 'training',
  corHistory: 'training',
};

/** The coming-soon page for the matched route, announcing that route's capability. */
export function ComingSoonRoute() {
  const matches = useMatches();
  const key = (matches[matches.length - 1]?.handle as { key?: RouteKey } | undefined)?.key;
  const capability = key && key in comingSoon ? comingSoon[key as Exclude<RouteKey, PageKey>] : undefined;
  return <ComingSoonPage capability={capability} />;
}
