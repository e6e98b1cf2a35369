import { useEffect } from 'react';
import { useLocation } from '../../../lib/router.ts';
import { CORPORATE_RELOAD_EXCLUDED } from '../../../config/paths.ts';
import { getAccessToken } from '../../../lib/session.ts';

/**
 * Run the corporate VIP reload on every navigation except /user/loginComplete and /gotoApp
 * (spec §2), only for a logged-in learner. The store (and the API client behind it) loads on
 * first use, so anonymous visitors never download it.
 */
export function useCorporateVipReload(): void {
  const { pathname, key } = useLocation();
  useEffect(() => {
    if (CORPORATE_RELOAD_EXCLUDED.includes(pathname) || !getAccessToken()) return;
    void import('../stores/corporate-vip-store.ts').then((m) => m.reloadCorporateVip()).catch(() => {});
  }, [pathname, key]);
}
