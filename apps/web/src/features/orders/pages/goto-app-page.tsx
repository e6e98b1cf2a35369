import { Page } from '../../../components/page.tsx';
import { appLinks } from '../lib/app-links.ts';
import styles from './orders-pages.module.css';

/** /gotoApp: some courses play only in the native app (spec §1, §6). */
export function GotoAppPage() {
  return (
    <Page title="前往金法课堂App" background="white">
      <div className={styles.app}>
        <div className={styles.appIcon} aria-hidden="true">
          金法
        </div>
        <h2 className={styles.appTitle}>该课程仅支持在金法课堂App中播放</h2>
        <p className={styles.appDesc}>
          请下载或打开金法课堂App，使用同一手机号登录后，在“我的课程”中继续学习。已购买的课程在App中同样可用。
        </p>
        <a className={styles.appPrimary} href={appLinks.open} data-testid="goto-app-open">
          打开App
        </a>
        <a className={styles.appSecondary} href={appLinks.download} data-testid="goto-app-download">
          下载App
        </a>
      </div>
    </Page>
  );
}
