import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ComponentType } from 'react';
import { Link } from '../../../lib/router.ts';
import { AccountStatus } from '@jinfa/shared/enums';
import { BookIcon } from '../../../components/icons/book-icon.tsx';
import { BriefcaseIcon } from '../../../components/icons/briefcase-icon.tsx';
import { ChartIcon } from '../../../components/icons/chart-icon.tsx';
import { ChatIcon } from '../../../components/icons/chat-icon.tsx';
import { ChevronRightIcon } from '../../../components/icons/chevron-right-icon.tsx';
import { ClockIcon } from '../../../components/icons/clock-icon.tsx';
import { CrownIcon } from '../../../components/icons/crown-icon.tsx';
import { HelpIcon } from '../../../components/icons/help-icon.tsx';
import { IdCardIcon } from '../../../components/icons/id-card-icon.tsx';
import { ReceiptIcon } from '../../../components/icons/receipt-icon.tsx';
import { SettingsIcon } from '../../../components/icons/settings-icon.tsx';
import { StarIcon } from '../../../components/icons/star-icon.tsx';
import { SkeletonBlock, SkeletonCard } from '../../../components/skeleton.tsx';
import { ErrorState } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { formatDate } from '../../../lib/date.ts';
import { maskMobile } from '../../../lib/format.ts';
import { isProfileComplete } from '../../../lib/profile.ts';
import { useMe, type UserProfile } from '../api/get-me.ts';
import { TonePill } from '../components/tone-pill.tsx';
import { UserAvatar } from '../components/user-avatar.tsx';
import { describeAuditStatus } from '../lib/audit.ts';
import tabPage from '../../../styles/tab-page.module.css';
import styles from './user-home-page.module.css';

interface Entry {
  label: string;
  to: string;
  Icon: ComponentType<{ size?: number }>;
}

const SHORTCUTS: readonly Entry[] = [
  { label: '我的课程', to: paths.myCourses.getHref(), Icon: BookIcon },
  { label: '我的订单', to: paths.myOrder.getHref(), Icon: ReceiptIcon },
  { label: '我的收藏', to: paths.myCollection.getHref(), Icon: StarIcon },
  { label: '学习记录', to: paths.studyRecord.getHref(), Icon: ClockIcon },
];

const SERVICES: readonly Entry[] = [
  { label: '听课报告', to: paths.listenReport.getHref(), Icon: ChartIcon },
  { label: '会员中心', to: paths.vip.getHref(), Icon: CrownIcon },
  { label: '企业会员', to: paths.corVip.getHref(), Icon: BriefcaseIcon },
  { label: '个人资料', to: paths.myInfo.getHref(), Icon: IdCardIcon },
];

const MORE: readonly Entry[] = [
  { label: '设置', to: paths.settings.getHref(), Icon: SettingsIcon },
  { label: '帮助', to: paths.appHelp.getHref(), Icon: HelpIcon },
  { label: '联系我们', to: paths.contact.getHref(), Icon: ChatIcon },
];

function ProfileHeader({ user }: { user: UserProfile }) {
  const audit = describeAuditStatus(user.auditStatus);
  const displayName = user.name || user.nickname || '未设置姓名';
  return (
    <section className={styles.header}>
      <Link to={paths.myInfo.getHref()} className={styles.identity}>
        <UserAvatar name={user.name || user.nickname} avatar={user.avatar} size={64} />
        <div className={styles.who}>
          <div className={styles.nameRow}>
            <h1 className={styles.name}>{displayName}</h1>
            <TonePill tone={audit.tone}>{audit.label}</TonePill>
          </div>
          {user.nickname && user.name && user.nickname !== user.name && (
            <p className={styles.nickname}>昵称：{user.nickname}</p>
          )}
          <p className={styles.mobile}>{user.mobile ? maskMobile(user.mobile) : '未绑定手机'}</p>
        </div>
        <ChevronRightIcon size={20} className={styles.headerArrow} />
      </Link>
      <Link to={paths.vip.getHref()} className={styles.member}>
        <span className={styles.memberText}>
          <span className={styles.memberLabel}>
            <CrownIcon size={16} />
            {user.userTypeLabel || '普通用户'}
          </span>
          {(user.memberExpireAt || user.corporateName) && (
            <span className={styles.memberMeta}>
              {[user.memberExpireAt && `有效期至 ${formatDate(user.memberExpireAt)}`, user.corporateName]
                .filter(Boolean)
                .join(' · ')}
            </span>
          )}
        </span>
        <span className={styles.memberGo}>会员权益</span>
      </Link>
    </section>
  );
}

function EntryList({ entries, title }: { entries: readonly Entry[]; title: string }) {
  return (
    <section className={styles.panel} aria-label={title}>
      <h2 className={styles.panelTitle}>{title}</h2>
      <ul className={styles.list}>
        {entries.map(({ label, to, Icon }) => (
          <li key={label}>
            <Link to={to} className={styles.row}>
              <Icon size={20} />
              <span className={styles.rowLabel}>{label}</span>
              <ChevronRightIcon size={16} className={styles.rowArrow} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function UserHomeSkeleton() {
  return (
    <div aria-busy="true" aria-label="加载中">
      <div className={styles.header}>
        <div className={styles.identity}>
          <SkeletonBlock width={64} height={64} radius="50%" style={{ opacity: 0.35 }} />
          <div className={styles.who}>
            <SkeletonBlock width={120} height={18} style={{ opacity: 0.35 }} />
            <SkeletonBlock width={90} height={12} style={{ marginTop: 10, opacity: 0.35 }} />
          </div>
        </div>
      </div>
      <SkeletonCard lines={2} />
      <SkeletonCard lines={4} />
    </div>
  );
}

/** /userCenter/userHome: who I am, my membership, and the ways into everything I own. */
export function UserHomePage() {
  usePageTitle('我的');
  const me = useMe();

  let body;
  if (me.isPending) body = <UserHomeSkeleton />;
  else if (me.isError) body = <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  else {
    const user = me.data;
    const locked = user.accountStatus === AccountStatus.LOCKED || user.accountStatus === AccountStatus.BLACKLISTED;
    body = (
      <>
        <ProfileHeader user={user} />
        {locked && (
          <Link to={paths.contact.getHref()} className={`${styles.notice} ${styles.noticeDanger}`}>
            账号已被{user.accountStatus === AccountStatus.LOCKED ? '锁定' : '限制'}，部分功能无法使用，如有疑问请联系客服
            <ChevronRightIcon size={16} />
          </Link>
        )}
        {!locked && !isProfileComplete(user) && (
          <Link to={paths.myInfo.getHref()} className={styles.notice}>
            完善个人资料，解锁企业课程与学习证书
            <span className={styles.noticeGo}>去完善</span>
          </Link>
        )}
        <nav className={styles.shortcuts} aria-label="我的学习">
          {SHORTCUTS.map(({ label, to, Icon }) => (
            <Link key={label} to={to} className={styles.shortcut}>
              <span className={styles.shortcutIcon}>
                <Icon size={24} />
              </span>
              <span>{label}</span>
            </Link>
          ))}
        </nav>
        <EntryList title="会员与服务" entries={SERVICES} />
        <EntryList title="更多" entries={MORE} />
      </>
    );
  }

  return (
    <div className={tabPage.page}>
      <PullToRefresh onRefresh={async () => void (await me.refetch())}>{body}</PullToRefresh>
    </div>
  );
}
