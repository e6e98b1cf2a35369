import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from '../../../lib/router.ts';
import { ShieldIcon } from '../../../components/icons/shield-icon.tsx';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { clearTokens } from '../../../lib/auth-store.ts';
import { clearAllStorage } from '../../../lib/storage.ts';
import styles from './clean-cache-page.module.css';

async function clearCacheStorage(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const keys = await caches.keys();
  await Promise.all(keys.map((key) => caches.delete(key)));
}

/** /user/cleanCache: wipes local and session storage, HTTP caches and in-memory data. */
export function CleanCachePage() {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);

  useEffect(() => {
    let alive = true;
    clearAllStorage();
    clearTokens();
    queryClient.clear();
    clearCacheStorage()
      .catch(() => {})
      .finally(() => {
        if (alive) setDone(true);
      });
    return () => {
      alive = false;
    };
  }, [queryClient]);

  return (
    <Page title="清除缓存" background="white">
      <section className={styles.wrap} aria-live="polite">
        <div className={done ? `${styles.badge} ${styles.done}` : styles.badge}>
          <ShieldIcon size={44} />
        </div>
        <h2 className={styles.title}>{done ? '缓存已清除' : '正在清除缓存…'}</h2>
        <p className={styles.desc}>已清除登录状态、本地数据、搜索记录与页面缓存。如页面仍显示异常，请关闭后重新打开。</p>
        <Link to={paths.home.path} className={styles.home} replace reloadDocument>
          返回首页
        </Link>
      </section>
    </Page>
  );
}
