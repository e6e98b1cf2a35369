import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import List from 'antd-mobile/es/components/list';
import { useState } from 'react';
import { useNavigate } from '../../../lib/router.ts';
import { IdCardIcon } from '../../../components/icons/id-card-icon.tsx';
import { HelpIcon } from '../../../components/icons/help-icon.tsx';
import { InfoIcon } from '../../../components/icons/info-icon.tsx';
import { PhoneIcon } from '../../../components/icons/phone-icon.tsx';
import { ShieldIcon } from '../../../components/icons/shield-icon.tsx';
import { TrashIcon } from '../../../components/icons/trash-icon.tsx';
import { Page } from '../../../components/page.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { env } from '../../../config/env.ts';
import { paths } from '../../../config/paths.ts';
import { maskMobile } from '../../../lib/format.ts';
import { useAppVersion } from '../api/get-app-version.ts';
import { useMe } from '../api/get-me.ts';
import styles from './settings-page.module.css';

/** /userCenter/settings. */
export function SettingsPage() {
  const navigate = useNavigate();
  const me = useMe();
  const version = useAppVersion();
  const [aboutOpen, setAboutOpen] = useState(false);

  const phoneExtra = me.isPending ? (
    <SkeletonBlock width={84} height={12} />
  ) : me.data?.mobile ? (
    maskMobile(me.data.mobile)
  ) : (
    <span className={styles.warn}>未绑定</span>
  );
  const openDownload = (url: string) => {
    setAboutOpen(false);
    // An in-app path (e.g. /gotoApp) stays in the router; anything else is a real download page.
    if (url.startsWith('/') && !url.startsWith('//')) navigate(url);
    else window.location.assign(url);
  };
  const versionText = version.data?.version ? `v${version.data.version}` : `v${env.appVersion}`;

  return (
    <Page title="设置">
      <List mode="card" header="账号" className={styles.list}>
        <List.Item prefix={<IdCardIcon size={20} />} onClick={() => navigate(paths.myInfo.getHref())}>
          个人资料
        </List.Item>
        <List.Item prefix={<PhoneIcon size={20} />} extra={phoneExtra} onClick={() => navigate(paths.bindPhone.getHref())}>
          绑定手机
        </List.Item>
      </List>
      <List mode="card" header="通用" className={styles.list}>
        <List.Item prefix={<TrashIcon size={20} />} onClick={() => navigate(paths.cleanCache.getHref())}>
          清除缓存
        </List.Item>
        <List.Item prefix={<ShieldIcon size={20} />} onClick={() => navigate(paths.privacyAgreement.getHref())}>
          隐私协议
        </List.Item>
        <List.Item prefix={<HelpIcon size={20} />} onClick={() => navigate(paths.appHelp.getHref())}>
          帮助中心
        </List.Item>
        <List.Item
          prefix={<InfoIcon size={20} />}
          extra={version.isPending ? <SkeletonBlock width={48} height={12} /> : versionText}
          onClick={() => setAboutOpen(true)}
        >
          关于金法课堂
        </List.Item>
      </List>

      <div className={styles.logout}>
        <Button block shape="rounded" size="large" color="danger" fill="outline" onClick={() => navigate(paths.logout.getHref())}>
          退出登录
        </Button>
      </div>

      <Dialog
        visible={aboutOpen}
        title="关于金法课堂"
        closeOnMaskClick
        onClose={() => setAboutOpen(false)}
        content={
          <div className={styles.about}>
            <p className={styles.aboutVersion}>当前版本 {versionText}</p>
            {version.data?.releaseNotes && <p className={styles.aboutNotes}>{version.data.releaseNotes}</p>}
            <p className={styles.aboutCopy}>金法课堂 · 银行与金融法律实务在线课堂</p>
          </div>
        }
        actions={[
          ...(version.data?.downloadUrl
            ? [{ key: 'download', text: '下载 App', onClick: () => openDownload(version.data.downloadUrl) }]
            : []),
          { key: 'ok', text: '知道了', bold: true, onClick: () => setAboutOpen(false) },
        ]}
      />
    </Page>
  );
}
