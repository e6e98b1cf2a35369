import type { ComponentType } from 'react';
import { NavLink } from '../lib/router.ts';
import { paths } from '../config/paths.ts';
import { BookIcon, CompassIcon, HomeIcon, UserIcon } from './icons/tab-icons.tsx';
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

export function TabBar() {
  return (
    <nav className={styles.bar} aria-label="主导航">
      {TABS.map(({ to, label, Icon }) => (
        <NavLink
          key={to}
          to={to}
          end
          className={({ isActive }) => (isActive ? `${styles.item} ${styles.active}` : styles.item)}
        >
          <Icon size={24} />
          <span className={styles.label}>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
