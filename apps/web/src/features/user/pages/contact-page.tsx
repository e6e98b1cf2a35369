import type { ComponentType, ReactNode } from 'react';
import { SUPPORT_PHONE } from '@jinfa/shared/errors';
import { ClockIcon } from '../../../components/icons/clock-icon.tsx';
import { MailIcon } from '../../../components/icons/mail-icon.tsx';
import { PhoneIcon } from '../../../components/icons/phone-icon.tsx';
import { WechatIcon } from '../../../components/icons/wechat-icon.tsx';
import type { IconProps } from '../../../components/icons/svg.tsx';
import { Page } from '../../../components/page.tsx';
import { SUPPORT_EMAIL, SUPPORT_HOURS, WECHAT_SERVICE_ACCOUNT, WECHAT_SERVICE_ID } from '../lib/contact.ts';
import styles from './contact-page.module.css';

interface Channel {
  Icon: ComponentType<IconProps>;
  label: string;
  /** As the page always wrote it: separate text runs keep the full-width brackets' spacing. */
  value: ReactNode;
  href?: string;
  hint?: string;
}

const CHANNELS: readonly Channel[] = [
  { Icon: PhoneIcon, label: '客服电话', value: SUPPORT_PHONE, href: `tel:${SUPPORT_PHONE}` },
  { Icon: ClockIcon, label: '服务时间', value: <>{SUPPORT_HOURS}（法定节假日除外）</> },
  { Icon: MailIcon, label: '电子邮箱', value: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}` },
  {
    Icon: WechatIcon,
    label: '微信服务号',
    value: (
      <>
        {WECHAT_SERVICE_ACCOUNT}（微信号：{WECHAT_SERVICE_ID}）
      </>
    ),
    hint: '在微信中搜索并关注，可接收课程更新与直播提醒',
  },
];

/** /user/contact: how to reach customer service. */
export function ContactPage() {
  return (
    <Page title="联系我们">
      <section className={styles.hero}>
        <h1 className={styles.title}>我们随时为您服务</h1>
        <p className={styles.sub}>课程咨询、企业合作、发票与售后问题，欢迎联系金法课堂客服</p>
        <a className={styles.call} href={`tel:${SUPPORT_PHONE}`}>
          <PhoneIcon size={20} />
          拨打客服电话 {SUPPORT_PHONE}
        </a>
      </section>
      <ul className={styles.list}>
        {CHANNELS.map(({ Icon, label, value, href, hint }) => (
          <li key={label} className={styles.item}>
            <Icon size={22} className={styles.icon} />
            <div className={styles.body}>
              <span className={styles.label}>{label}</span>
              {href ? (
                <a className={styles.value} href={href}>
                  {value}
                </a>
              ) : (
                <span className={styles.value}>{value}</span>
              )}
              {hint && <span className={styles.hint}>{hint}</span>}
            </div>
          </li>
        ))}
      </ul>
    </Page>
  );
}
