// Shell files import antd and icons by path, not through the barrels: the build's vendor chunk
// is what these files reach (vite.config.ts), so it stays the shell's share of antd only.
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Layout from 'antd/es/layout';
import Menu from 'antd/es/menu';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import PoweroffOutlined from '@ant-design/icons/es/icons/PoweroffOutlined';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import { ROLE_LABELS, useSession } from '../lib/session';
import type { Operator } from '../lib/session';
import { useConfirmSignOutEverywhere } from '../lib/sign-out-everywhere';
import { menuItemsFor, parentKeyOf } from './menu';

const { Header, Sider, Content } = Layout;

// Solid tags with white text: antd's light preset tags (gold-7 on gold-1) fall below 4.5:1.
const ROLE_COLOURS: Record<Operator['role'], string> = {
  owner: '#874d00',
  operator: '#0958d9',
  finance: '#237804',
  reviewer: '#531dab',
  lecturer: '#006d75',
  corporate_admin: '#434343',
};

export function AppShell({ operator, menuKey, children }: { operator: Operator; menuKey: string | undefined; children: ReactNode }) {
  const { signOut } = useSession();
  const [collapsed, setCollapsed] = useState(false);
  const [busy, setBusy] = useState(false);
  const parent = menuKey ? parentKeyOf(menuKey) : undefined;

  const handleSignOut = async () => {
    setBusy(true);
    try {
      await signOut();
    } finally {
      setBusy(false);
    }
  };

  const handleSignOutEverywhere = useConfirmSignOutEverywhere();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="skip-link" href="#main">
        跳到主要内容
      </a>
      <Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} breakpoint="lg" width={216} aria-label="主导航">
        {/* Named by its text (an aria-label unlike the visible words fails WCAG 2.5.3); collapsed, the text stays for screen readers. */}
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            金
          </span>
          <span className={collapsed ? 'sr-only' : 'brand-name'}>金法课堂 · 运营后台</span>
        </Link>
        <Menu
          theme="dark"
          aria-label="主菜单"
          mode="inline"
          selectedKeys={menuKey ? [menuKey] : []}
          defaultOpenKeys={parent ? [parent] : ['money']}
          items={menuItemsFor(operator.role)}
        />
      </Sider>
      <Layout>
        <Header className="app-header">
          <Flex justify="flex-end" align="center" style={{ height: '100%' }}>
            <Space size="middle">
              <span data-testid="admin-operator-name">
                <Typography.Text strong>{operator.name || operator.phone}</Typography.Text>
              </span>
              <Link to="/account" data-testid="admin-account-link">
                账号安全
              </Link>
              <Tag color={ROLE_COLOURS[operator.role]} data-testid="admin-operator-role">
                {ROLE_LABELS[operator.role]}
              </Tag>
              <Button icon={<PoweroffOutlined />} onClick={handleSignOutEverywhere}>
                全部设备退出
              </Button>
              <Button icon={<LogoutOutlined />} loading={busy} onClick={handleSignOut} data-testid="admin-logout">
                退出登录
              </Button>
            </Space>
          </Flex>
        </Header>
        <Content id="main" tabIndex={-1} className="app-content">
          {children}
        </Content>
      </Layout>
    </Layout>
  );
}
