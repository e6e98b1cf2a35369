import { redirect, type LoaderFunctionArgs } from '../lib/router.ts';
import type { RouteAccess } from '../config/paths.ts';
import { getStoredToken } from '../lib/auth-store.ts';
import { adoptAppToken, hasAppTokenFor, isAnonymousAllowed, loginHref } from '../lib/session.ts';

/**
 * The login guard (spec §2.1, §4, §6). Protected routes need a stored token; /cor/history and
 * /userCenter/myBill also take an `apptoken` query (held in memory for that page only, taken out of
 * the address: lib/session.ts, decision 017); `_sourceSite=jinfaketang` lets anyone in.
 * Returns where to send the visitor, or null to let them through.
 */
export function accessRedirect(access: RouteAccess, target: URL): string | null {
  if (access === 'open' || getStoredToken()) return null;
  // In hash mode, native apps may put parameters before the hash: read those too.
  const outer = typeof window !== 'undefined' ? new URLSearchParams(window.location.search) : new URLSearchParams();
  const params = target.searchParams;
  if (access === 'login-or-apptoken') {
    adoptAppToken(target.pathname, params.get('apptoken') || outer.get('apptoken'));
    if (hasAppTokenFor(target.pathname)) return null;
  }
  if (isAnonymousAllowed(params) || isAnonymousAllowed(outer)) return null;
  return loginHref(`${target.pathname}${target.search}`);
}

/**
 * A route loader that redirects to the login page with the next location when access is denied;
 * otherwise runs `after` (the route's prefetch) with the target address.
 */
export function guardLoader(access: RouteAccess, after?: (target: URL) => void) {
  return ({ request }: LoaderFunctionArgs) => {
    const target = new URL(request.url);
    const to = accessRedirect(access, target);
    if (to) throw redirect(to);
    after?.(target);
    return null;
  };
}
