import { Link, isRouteErrorResponse, useRouteError } from '../lib/router.ts';
import { paths } from '../config/paths.ts';
import { Page } from './page.tsx';
import { EmptyState, ErrorState, Spinner } from './states.tsx';
import styles from './states.module.css';

/** A page with nothing to show but the way home: a missing page, signing out when signed out. */
export function DeadEndPage({ title, heading = title, description }: { title: string; heading?: string; description: string }) {
  return (
    <Page title={title} background="white">
      <EmptyState
        title={heading}
        description={description}
        action={
          <Link className={styles.button} to={paths.home.path} replace>
            返回首页
          </Link>
        }
      />
    </Page>
  );
}

export function NotFoundPage() {
  return <DeadEndPage title="页面不存在" description="您访问的页面可能已被移除，或链接有误。" />;
}

/** Route error boundary: a failed chunk load after a deploy, or a render crash. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Page title="出错了" background="white">
      <ErrorState
        title="页面加载失败"
        error={error}
        onRetry={() => window.location.reload()}
      />
    </Page>
  );
}

/** Shown while the first route's code loads. */
export function PageFallback() {
  return <Spinner />;
}
