import type { MenuProps } from 'antd';
import AuditOutlined from '@ant-design/icons/es/icons/AuditOutlined';
import BookOutlined from '@ant-design/icons/es/icons/BookOutlined';
import CommentOutlined from '@ant-design/icons/es/icons/CommentOutlined';
import DashboardOutlined from '@ant-design/icons/es/icons/DashboardOutlined';
import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import MoneyCollectOutlined from '@ant-design/icons/es/icons/MoneyCollectOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import type { OperatorRole } from '../lib/session';
import { COURSE_ROLES, DASHBOARD_ROLES, DISCOVERY_ROLES, LEARNER_ROLES, MONEY_ROLES, OWNER_ONLY, REVIEW_ROLES } from './routes';

interface MenuEntry {
  key: string;
  label: string;
  icon?: ReactNode;
  roles: readonly OperatorRole[];
  children?: MenuEntry[];
}

const MENU: readonly MenuEntry[] = [
  { key: '/', label: '仪表盘', icon: <DashboardOutlined />, roles: DASHBOARD_ROLES },
  { key: '/courses', label: '课程', icon: <BookOutlined />, roles: COURSE_ROLES },
  { key: '/discovery', label: '首页与发现', icon: <HomeOutlined />, roles: DISCOVERY_ROLES },
  { key: '/learners', label: '用户', icon: <UserOutlined />, roles: LEARNER_ROLES },
  {
    key: 'money',
    label: '订单与资金',
    icon: <MoneyCollectOutlined />,
    roles: MONEY_ROLES,
    children: [
      { key: '/orders', label: '订单', roles: MONEY_ROLES },
      { key: '/refunds', label: '退款', roles: MONEY_ROLES },
      { key: '/anomalies', label: '支付异常', roles: MONEY_ROLES },
    ],
  },
  { key: '/reviews', label: '评价', icon: <CommentOutlined />, roles: REVIEW_ROLES },
  { key: '/audit', label: '审计日志', icon: <AuditOutlined />, roles: OWNER_ONLY },
  { key: '/operators', label: '运营人员', icon: <TeamOutlined />, roles: OWNER_ONLY },
];

type MenuItem = Required<MenuProps>['items'][number];

function toItem(entry: MenuEntry, role: OperatorRole): MenuItem | null {
  if (!entry.roles.includes(role)) return null;
  if (entry.children) {
    const children = entry.children.map((c) => toItem(c, role)).filter((c): c is MenuItem => c !== null);
    return { key: entry.key, label: entry.label, icon: entry.icon, children };
  }
  // A real link: it opens in a new tab with a middle click, and the router handles a plain click.
  return { key: entry.key, label: <Link to={entry.key}>{entry.label}</Link>, icon: entry.icon };
}

/** The side menu an operator of this role sees. */
export function menuItemsFor(role: OperatorRole): MenuItem[] {
  return MENU.map((e) => toItem(e, role)).filter((e): e is MenuItem => e !== null);
}

/** The submenu holding a page, to open it on first render. */
export function parentKeyOf(key: string): string | undefined {
  return MENU.find((e) => e.children?.some((c) => c.key === key))?.key;
}
