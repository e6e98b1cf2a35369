/**
 * The sign-in gate and the router outlet: finds the route of the address, sends a signed-out
 * visitor to sign-in, a signed-in one away from it, and refuses a page the role may not open.
 */
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { Suspense, useEffect } from 'react';
import { Link, navigate, useLocation } from '../lib/router';
import { useSession } from '../lib/session';
import { AppShell } from './app-shell';
import { PageErrorBoundary } from './error-boundary';
import { findRoute, homeFor, mayOpen } from './routes';

const APP_NAME = '金法课堂 · 运营后台';

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return <PageLoading />;
}

function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="sr-only">加载中…</span>
    </div>
  );
}

/** Only same-app paths: `?next=//evil.example` must not leave the console. */
function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') ? next : null;
}

export function App() {
  const { pathname, search } = useLocation();
  const { operator, loading } = useSession();
  const match = findRoute(pathname);
  const title = match?.route.title;

  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);

  if (loading) return <PageLoading />;

  // The sign-in page: bare, without the shell.
  if (match && match.route.roles === null) {
    if (operator) {
      const next = safeNext(new URLSearchParams(search).get('next'));
      return <Redirect to={next ?? homeFor(operator.role) ?? '/'} />;
    }
    const Page = match.route.page;
    return (
      <PageErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Page params={match.params} />
        </Suspense>
      </PageErrorBoundary>
    );
  }

  if (!operator) {
    const here = pathname + search;
    return <Redirect to={here === '/' ? '/login' : `/login?next=${encodeURIComponent(here)}`} />;
  }

  let body;
  if (!match) {
    body = (
      <Result status="404" title="页面不存在" subTitle="您访问的页面不存在或已被移除。" extra={<Link to="/">返回首页</Link>} />
    );
  } else if (!mayOpen(match.route, operator.role)) {
    const home = homeFor(operator.role);
    if (pathname === '/' && home && home !== '/') return <Redirect to={home} />;
    body = home ? (
      <Result status="403" title="无权访问" subTitle="您的角色无权查看此页面。" extra={<Link to={home}>返回首页</Link>} />
    ) : (
      <Result
        status="info"
        title="暂无可用功能"
        subTitle="您的角色目前没有可以使用的后台功能，请联系管理员。"
        extra={<Button onClick={() => window.location.reload()}>刷新</Button>}
      />
    );
  } else {
    const Page = match.route.page;
    body = (
      <PageErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Page key={pathname} params={match.params} />
        </Suspense>
      </PageErrorBoundary>
    );
  }

  return (
    <AppShell operator={operator} menuKey={match?.route.menuKey}>
      {body}
    </AppShell>
  );
}
