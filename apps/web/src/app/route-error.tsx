import { isRouteErrorResponse, Link, useRouteError } from '../lib/router.ts';
import { paths } from '../config/paths.ts';
import styles from './route-error.module.css';

/**
 * The root error boundary: a chunk that failed to load (often a deploy while the page was
 * open), or a crash. Deliberately tiny, since it ships in the first chunk.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className={styles.wrap} role="alert">
      <div className={styles.mark} aria-hidden="true">
        !
      </div>
      <h1 className={styles.title}>{notFound ? '页面不存在' : '页面加载失败'}</h1>
      <p className={styles.text}>{notFound ? '链接可能有误或页面已下线。' : '可能是网络不稳定或版本已更新，请重新加载。'}</p>
      <div className={styles.actions}>
        {!notFound && (
          <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
            重新加载
          </button>
        )}
        <Link className={styles.secondary} to={paths.home.path} replace reloadDocument={!notFound}>
          返回首页
        </Link>
      </div>
    </div>
  );
}

/** Shown while the first route's code loads. */
export function BootFallback() {
  return <div className={styles.boot} role="status" aria-label="加载中" />;
}
