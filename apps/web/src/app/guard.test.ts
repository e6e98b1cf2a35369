import { afterEach, describe, expect, it } from 'vitest';
import { saveTokens } from '../lib/auth-store.ts';
import { connectRouter } from '../lib/session.ts';
import { accessRedirect, guardLoader } from './guard.ts';
import { createAppRouter, type AppRouter } from './router.tsx';

const url = (path: string) => new URL(path, window.location.origin);

describe('accessRedirect', () => {
  it('lets everyone into open routes', () => {
    expect(accessRedirect('open', url('/discovery'))).toBeNull();
  });

  it('sends visitors without a token to login with the next location', () => {
    expect(accessRedirect('login', url('/course/detail?courseId=5&tid=t'))).toBe(
      '/user/login?redirect=%2Fcourse%2Fdetail%3FcourseId%3D5%26tid%3Dt',
    );
  });

  it('lets a stored token through', () => {
    saveTokens({ accessToken: 'abc' });
    expect(accessRedirect('login', url('/userCenter/settings'))).toBeNull();
  });

  it('accepts an apptoken only where the spec allows it', () => {
    expect(accessRedirect('login-or-apptoken', url('/cor/history?apptoken=app1'))).toBeNull();
    expect(accessRedirect('login', url('/userCenter/settings?apptoken=app1'))).toMatch(/^\/user\/login\?redirect=/);
  });

  it('allows anonymous access with _sourceSite=jinfaketang', () => {
    expect(accessRedirect('login', url('/course/detail?courseId=1&_sourceSite=jinfaketang'))).toBeNull();
    expect(accessRedirect('login', url('/course/detail?courseId=1&_sourceSite=elsewhere'))).not.toBeNull();
  });
});

async function settled(router: AppRouter): Promise<string> {
  await new Promise<void>((resolve) => {
    const check = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (check()) return resolve();
    const unsubscribe = router.subscribe(() => {
      if (check()) {
        unsubscribe();
        resolve();
      }
    });
  });
  return `${router.state.location.pathname}${router.state.location.search}`;
}

describe('guardLoader', () => {
  const args = (path: string) => ({ request: { url: `http://h${path}`, signal: new AbortController().signal }, params: {} });

  it('hands the target address to the route prefetch once access is granted', () => {
    const seen: string[] = [];
    guardLoader('open', (target) => seen.push(target.searchParams.get('courseId') ?? ''))(args('/course/detail?courseId=7'));
    expect(seen).toEqual(['7']);
  });

  it('does not prefetch for a visitor it sends to login', () => {
    const seen: URL[] = [];
    expect(() => guardLoader('login', (target) => seen.push(target))(args('/course/detail?courseId=7'))).toThrow();
    expect(seen).toEqual([]);
  });
});

describe('router guard', () => {
  let router: AppRouter | undefined;
  afterEach(() => {
    router?.dispose();
    connectRouter(null);
  });

  it('redirects a protected route to login with the encoded next location', async () => {
    router = createAppRouter('memory', ['/userCenter/userHome?from=tab']);
    expect(await settled(router)).toBe('/user/login?redirect=%2FuserCenter%2FuserHome%3Ffrom%3Dtab');
  });

  it('redirects protected routes with path params too', async () => {
    router = createAppRouter('memory', ['/activity/group/42']);
    expect(await settled(router)).toBe('/user/login?redirect=%2Factivity%2Fgroup%2F42');
  });

  it('accepts the apptoken query on /cor/history and /userCenter/myBill', async () => {
    router = createAppRouter('memory', ['/cor/history?apptoken=abc']);
    expect(await settled(router)).toBe('/cor/history?apptoken=abc');
    router.dispose();
    router = createAppRouter('memory', ['/userCenter/myBill?apptoken=abc']);
    expect(await settled(router)).toBe('/userCenter/myBill?apptoken=abc');
  });

  it('does not accept an apptoken on other protected routes', async () => {
    router = createAppRouter('memory', ['/course/detail?courseId=1&apptoken=abc']);
    expect(await settled(router)).toMatch(/^\/user\/login\?redirect=%2Fcourse%2Fdetail/);
  });

  it('lets anonymous visitors in with _sourceSite=jinfaketang', async () => {
    router = createAppRouter('memory', ['/course/detail?courseId=1&_sourceSite=jinfaketang']);
    expect(await settled(router)).toBe('/course/detail?courseId=1&_sourceSite=jinfaketang');
  });

  it('lets a logged-in learner through and leaves open routes open', async () => {
    saveTokens({ accessToken: 'tok' });
    router = createAppRouter('memory', ['/userCenter/settings']);
    expect(await settled(router)).toBe('/userCenter/settings');
    router.dispose();
    router = createAppRouter('memory', ['/exam/index']);
    expect(await settled(router)).toBe('/exam/index');
  });

  it('guards in-app navigation as well as the first load', async () => {
    router = createAppRouter('memory', ['/']);
    await settled(router);
    await router.navigate('/magazines');
    expect(await settled(router)).toBe('/user/login?redirect=%2Fmagazines');
  });
});
