import { SUPPORT_PHONE } from '@jinfa/shared/errors';
import { ClockIcon } from '../../../components/icons/clock-icon.tsx';
import { MailIcon } from '../../../components/icons/mail-icon.tsx';
import { PhoneIcon } from '../../../components/icons/phone-icon.tsx';
import { WechatIcon } from '../../../components/icons/wechat-icon.tsx';
import { Page } from '../../../components/page.tsx';
import { SUPPORT_EMAIL, SUPPORT_HOURS, WECHAT_SERVICE_ACCOUNT, WECHAT_SERVICE_ID } from '../lib/contact.ts';
import styles from './contact-page.module.css';

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
        <li className={styles.item}>
          <PhoneIcon size={22} className={styles.icon} />
          <div className={styles.body}>
            <span className={styles.label}>客服电话</span>
            <a className={styles.value} href={`tel:${SUPPORT_PHONE}`}>
              {SUPPORT_PHONE}
            </a>
          </div>
        </li>
        <li className={styles.item}>
          <ClockIcon size={22} className={styles.icon} />
          <div className={styles.body}>
            <span className={styles.label}>服务时间</span>
            <span className={styles.value}>{SUPPORT_HOURS}（法定节假日除外）</span>
          </div>
        </li>
        <li className={styles.item}>
          <MailIcon size={22} className={styles.icon} />
          <div className={styles.body}>
            <span className={styles.label}>电子邮箱</span>
            <a className={styles.value} href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
          </div>
        </li>
        <li className={styles.item}>
          <WechatIcon size={22} className={styles.icon} />
          <div className={styles.body}>
            <span className={styles.label}>微信服务号</span>
            <span className={styles.value}>
              {WECHAT_SERVICE_ACCOUNT}（微信号：{WECHAT_SERVICE_ID}）
            </span>
            <span className={styles.hint}>在微信中搜索并关注，可接收课程更新与直播提醒</span>
          </div>
        </li>
      </ul>
    </Page>
  );
}
