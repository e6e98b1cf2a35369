import Collapse from 'antd-mobile/es/components/collapse';
import { Link } from '../../../lib/router.ts';
import { SUPPORT_PHONE } from '@jinfa/shared/errors';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { SUPPORT_HOURS } from '../lib/contact.ts';
import styles from './app-help-page.module.css';

interface Faq {
  key: string;
  question: string;
  answer: string[];
}

const FAQ_GROUPS: { title: string; items: Faq[] }[] = [
  {
    title: '购买与发票',
    items: [
      {
        key: 'buy',
        question: '如何购买课程？',
        answer: [
          '在课程详情页点击“立即购买”，确认订单后使用微信支付即可完成购买。',
          '系列课程支持整套购买或按章节购买；已按章节购买的系列课程不能再整套购买。',
          '购买成功后，可在“我的课程”中随时学习。',
        ],
      },
      {
        key: 'invoice',
        question: '如何开具发票？',
        answer: [
          '支付完成后，可在“我的 › 我的订单”中选择对应订单申请电子发票，填写抬头与税号后提交。',
          '电子发票将在 3 个工作日内发送至您在个人资料中填写的邮箱。',
        ],
      },
      {
        key: 'refund',
        question: '购买后可以退款吗？',
        answer: ['虚拟课程一经购买、开始学习后不支持退款；如因课程质量问题需要处理，请联系客服。'],
      },
    ],
  },
  {
    title: '会员与企业',
    items: [
      {
        key: 'corporate',
        question: '什么是企业会员？如何开通？',
        answer: [
          '企业会员由所在单位统一开通，可免费学习单位指定的课程，并参与单位内的学习排行与培训任务。',
          '收到单位的邀请链接后，按提示完善姓名、部门等资料并提交审核，审核通过即可使用。',
          '企业会员到期后将无法继续收听企业课程，续费请联系单位培训负责人。',
        ],
      },
      {
        key: 'audit',
        question: '为什么需要审核个人资料？',
        answer: [
          '部分课程仅面向金融机构从业人员，报名前需完善并审核个人资料。',
          '审核期间可临时收听已报名课程；若资料未在 12 小时内通过审核，相关订单将失效，完善资料后可重新报名。',
        ],
      },
    ],
  },
  {
    title: '学习与账号',
    items: [
      {
        key: 'record',
        question: '听课记录和学习报告在哪里看？',
        answer: [
          '“我的 › 学习记录”会保存您的播放进度，下次打开课程时可从上次位置继续。',
          '“我的 › 听课报告”按年度统计您的学习时长与课程数量。',
        ],
      },
      {
        key: 'app-only',
        question: '为什么有的课程提示“请在 App 中播放”？',
        answer: ['受版权方要求，部分课程仅支持在金法课堂 App 中播放，请下载 App 并使用同一账号登录。'],
      },
      {
        key: 'security',
        question: '如何保障账号安全？',
        answer: [
          '请勿将短信验证码告诉他人，客服人员不会向您索要验证码。',
          '更换手机号请在“设置 › 绑定手机”中操作；如发现账号异常，请立即联系客服冻结账号。',
          '在公共设备上使用后，请在“设置 › 退出登录”中退出。',
        ],
      },
      {
        key: 'display',
        question: '页面显示异常怎么办？',
        answer: ['可在“设置 › 清除缓存”中清除本地数据后重新打开页面；如问题仍存在，请联系客服并告知出现问题的页面。'],
      },
    ],
  },
];

/** /userCenter/appHelp: frequently asked questions. */
export function AppHelpPage() {
  return (
    <Page title="帮助中心">
      {FAQ_GROUPS.map((group) => (
        <section key={group.title} className={styles.group}>
          <h2 className={styles.groupTitle}>{group.title}</h2>
          <Collapse accordion className={styles.collapse}>
            {group.items.map((faq) => (
              <Collapse.Panel key={faq.key} title={faq.question}>
                {faq.answer.map((line) => (
                  <p key={line} className={styles.answer}>
                    {line}
                  </p>
                ))}
              </Collapse.Panel>
            ))}
          </Collapse>
        </section>
      ))}
      <footer className={styles.footer}>
        <p>没有找到答案？</p>
        <p>
          拨打 <a href={`tel:${SUPPORT_PHONE}`}>{SUPPORT_PHONE}</a>（{SUPPORT_HOURS}）或{' '}
          <Link to={paths.contact.getHref()}>查看更多联系方式</Link>
        </p>
      </footer>
    </Page>
  );
}
