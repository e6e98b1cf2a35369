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
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntdApp>
        <QueryClientProvider client={client}>
          <SessionProvider>{children}</SessionProvider>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
