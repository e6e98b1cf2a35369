import { Outlet } from '../lib/router.ts';
import { TabBar } from './tab-bar.tsx';
import styles from './tab-layout.module.css';

/** Main pages (首页, 发现, 我的课程, 我的) with the bottom tab bar. */
export function TabLayout() {
  return (
    <div className={styles.layout}>
      <Outlet />
      <TabBar />
    </div>
  );
}
