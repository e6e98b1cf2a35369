import Dialog from 'antd-mobile/es/components/dialog';
import { toast } from '../../../lib/toast.ts';
import { absoluteAppUrl } from './pay-bridge.ts';

/**
 * Copies a 代付 link (an app path from send_pay) as an address a friend can open. When the
 * browser refuses the clipboard (an old WebView, no permission) the link is shown to copy by hand.
 */
export async function copyPayForLink(appPath: string): Promise<void> {
  const link = absoluteAppUrl(appPath);
  try {
    await navigator.clipboard.writeText(link);
    toast.success('代付链接已复制，发给帮你付款的人吧', { long: true });
  } catch {
    await Dialog.alert({
      title: '长按复制代付链接',
      content: (
        <span data-testid="pay-for-link" style={{ wordBreak: 'break-all', userSelect: 'all', WebkitUserSelect: 'all' }}>
          {link}
        </span>
      ),
      confirmText: '知道了',
    });
  }
}
