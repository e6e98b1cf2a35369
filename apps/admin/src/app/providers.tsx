import AntdApp from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/session';
import { theme } from './theme';

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    // No space inserted between two-character labels ("编 辑"): the visible text must stay part of
    // the accessible name (WCAG 2.5.3), e.g. aria-label="编辑「…」" on a button reading 编辑.
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <AntdApp>
        <QueryClientProvider client={client}>
          <SessionProvider>{children}</SessionProvider>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
