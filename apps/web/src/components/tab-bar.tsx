import type { ComponentType } from 'react';
import { NavLink, useNavigation } from '../lib/router.ts';
import { paths } from '../config/paths.ts';
import { BookIcon } from './icons/book-icon.tsx';
import { CompassIcon } from './icons/compass-icon.tsx';
import { HomeIcon } from './icons/home-icon.tsx';
import { UserIcon } from './icons/user-icon.tsx';
import styles from './tab-bar.module.css';

interface Tab {
  to: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
}

export const TABS: readonly Tab[] = [
  { to: paths.home.path, label: '首页', Icon: HomeIcon },
  { to: paths.discovery.path, label: '发现', Icon: CompassIcon },
  { to: paths.myCourses.path, label: '我的课程', Icon: BookIcon },
  { to: paths.userHome.path, label: '我的', Icon: UserIcon },
];

/**
 * The tab of the page on its way lights up at the tap, not when that page's code and data have
 * arrived (on a slow phone network the old tab stayed lit for a second: issue 11 §10).
 */
export function TabBar() {
  const navigation = useNavigation();
  const pending = navigation.location?.pathname.toLowerCase();
  const pendingTab = pending != null && TABS.some((tab) => tab.to.toLowerCase() === pending);
  return (
    <nav className={styles.bar} aria-label="主导航">
      {TABS.map(({ to, label, Icon }) => (
        <NavLink
          key={to}
          to={to}
          end
          className={({ isActive, isPending }) =>
            isPending || (isActive && !pendingTab) ? `${styles.item} ${styles.active}` : styles.item
          }
        >
          <Icon size={24} />
          <span className={styles.label}>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
