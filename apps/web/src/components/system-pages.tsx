import { Link, isRouteErrorResponse, useRouteError } from '../lib/router.ts';
import { paths } from '../config/paths.ts';
import { Page } from './page.tsx';
import { EmptyState, ErrorState, Spinner } from './states.tsx';
import styles from './states.module.css';

export function NotFoundPage() {
  return (
    <Page title="页面不存在" background="white">
      <EmptyState
        title="页面不存在"
        description="您访问的页面可能已被移除，或链接有误。"
        action={
          <Link className={styles.button} to={paths.home.path} replace>
            返回首页
          </Link>
        }
      />
    </Page>
  );
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
