/** The one 全部设备退出 confirmation, used by the header and the 账号安全 page. */
import AntdApp from 'antd/es/app';
import { errorText } from './load-error';
import { useSession } from './session';

export function useConfirmSignOutEverywhere(): () => void {
  const { signOutEverywhere } = useSession();
  const { message, modal } = AntdApp.useApp();
  return () => {
    modal.confirm({
      title: '在全部设备退出登录？',
      content: '所有浏览器和设备上的后台登录都会失效，包括当前这台，需要重新登录。',
      okText: '全部退出',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await signOutEverywhere();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });
  };
}
