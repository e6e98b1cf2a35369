import { redirect, type LoaderFunctionArgs } from '../lib/router.ts';
import type { RouteAccess } from '../config/paths.ts';
import { getStoredToken } from '../lib/auth-store.ts';
import { getAppToken, isAnonymousAllowed, loginHref } from '../lib/session.ts';

/**
 * The login guard (spec §2.1, §4, §6). Protected routes need a stored token; /cor/history and
 * /userCenter/myBill also take an `apptoken` query; `_sourceSite=jinfaketang` lets anyone in.
 * Returns where to send the visitor, or null to let them through.
 */
export function accessRedirect(access: RouteAccess, target: URL): string | null {
  if (access === 'open' || getStoredToken()) return null;
  // In hash mode, native apps may put parameters before the hash: read those too.
  const outer = typeof window !== 'undefined' ? new URLSearchParams(window.location.search) : new URLSearchParams();
  const params = target.searchParams;
  if (access === 'login-or-apptoken' && (getAppToken(params) || getAppToken(outer))) return null;
  if (isAnonymousAllowed(params) || isAnonymousAllowed(outer)) return null;
  return loginHref(`${target.pathname}${target.search}`);
}

/** A route loader that redirects to the login page with the next location when access is denied. */
export function guardLoader(access: RouteAccess, after?: () => void) {
  return ({ request }: LoaderFunctionArgs) => {
    const to = accessRedirect(access, new URL(request.url));
    if (to) throw redirect(to);
    after?.();
    return null;
  };
}
