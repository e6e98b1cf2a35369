import Dialog from 'antd-mobile/es/components/dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from '../../../lib/router.ts';
import { LogoutIcon } from '../../../components/icons/logout-icon.tsx';
import { Page } from '../../../components/page.tsx';
import { DeadEndPage } from '../../../components/system-pages.tsx';
import { paths } from '../../../config/paths.ts';
import { clearTokens, useStoredToken } from '../../../lib/auth-store.ts';
import { toast } from '../../../lib/toast.ts';
import { logout } from '../api/logout.ts';
import styles from './logout-page.module.css';

/** /userCenter/logout: confirm, revoke on the server, forget locally (even if the server failed). */
export function LogoutPage() {
  const token = useStoredToken();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [confirmOpen, setConfirmOpen] = useState(true);
  const [leaving, setLeaving] = useState(false);

  const handleCancel = () => {
    setConfirmOpen(false);
    if (location.key === 'default') navigate(paths.home.path, { replace: true });
    else navigate(-1);
  };

  const handleConfirm = async () => {
    setLeaving(true);
    try {
      await logout();
    } catch {
      // Revocation failed (offline, already expired): the local session still ends.
    }
    clearTokens();
    queryClient.clear();
    toast.success('已退出登录');
    navigate(paths.home.path, { replace: true });
  };

  if (!token && !leaving) {
    return <DeadEndPage title="退出登录" heading="您当前未登录" description="无需退出，去首页看看吧。" />;
  }

  return (
    <Page title="退出登录" background="white">
      <section className={styles.wrap}>
        <span className={styles.icon}>
          <LogoutIcon size={32} />
        </span>
        <p className={styles.text}>{leaving ? '正在退出…' : '退出后将无法查看已购课程与学习记录，需重新登录。'}</p>
      </section>
      <Dialog
        visible={confirmOpen && !leaving}
        title="退出登录"
        content="确定要退出当前账号吗？"
        onClose={handleCancel}
        actions={[
          [
            { key: 'cancel', text: '取消', onClick: handleCancel },
            { key: 'confirm', text: '退出', danger: true, bold: true, onClick: () => void handleConfirm() },
          ],
        ]}
      />
    </Page>
  );
}
