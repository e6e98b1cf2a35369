import { SUPPORT_PHONE } from '@jinfa/shared/errors';
import { Page } from '../../../components/page.tsx';
import { SUPPORT_EMAIL } from '../lib/contact.ts';
import styles from './static-page.module.css';

const UPDATED = '2025年1月1日';

/** /userCenter/privacyAgreement: the privacy policy, in the shape the 个人信息保护法 expects. */
export function PrivacyAgreementPage() {
  return (
    <Page title="隐私协议" background="white">
      <article className={styles.article}>
        <h1 className={styles.h1}>金法课堂隐私政策</h1>
        <p className={styles.meta}>更新日期：{UPDATED} · 生效日期：{UPDATED}</p>
        <p>
          金法课堂（以下简称“我们”）深知个人信息对您的重要性。我们依据《中华人民共和国个人信息保护法》《中华人民共和国网络安全法》《中华人民共和国数据安全法》等法律法规，遵循合法、正当、必要和诚信原则处理您的个人信息。请您在使用我们的服务前仔细阅读本政策，特别是以
          <strong>加粗</strong>标注的条款。
        </p>

        <h2 className={styles.h2}>一、我们收集的信息</h2>
        <ol>
          <li>
            <strong>账号信息：</strong>您使用手机号注册或登录时，我们收集您的手机号码和短信验证码；使用微信登录时，经您授权，我们获取您的微信昵称、头像及 OpenID/UnionID。
          </li>
          <li>
            <strong>身份与职业信息：</strong>为完成课程报名审核、企业会员认证和学习证书发放，我们收集您主动填写的姓名、电子邮箱、工作单位、部门及职务。
          </li>
          <li>
            <strong>交易信息：</strong>您购买课程时，我们收集订单号、商品信息、支付金额与支付状态。支付由微信支付完成，我们不收集您的银行卡信息。
          </li>
          <li>
            <strong>学习与设备信息：</strong>为记录学习进度、生成听课报告并保障服务安全，我们收集课程播放记录、页面访问与点击记录、设备型号、操作系统、浏览器类型及 IP 地址。
          </li>
        </ol>

        <h2 className={styles.h2}>二、信息的使用目的</h2>
        <ul>
          <li>提供账号注册、登录与身份验证服务；</li>
          <li>处理课程购买、开具发票、提供售后服务；</li>
          <li>审核报名资料、开通企业会员权益、发放学习证书；</li>
          <li>记录学习进度、生成学习统计与听课报告；</li>
          <li>保障账号与交易安全，预防和处置欺诈等违法行为；</li>
          <li>在征得您同意后，向您推送课程更新、直播提醒等服务通知。</li>
        </ul>
        <p>如我们将信息用于本政策未载明的其他用途，将事先征得您的同意。</p>

        <h2 className={styles.h2}>三、信息的共享、转让与公开披露</h2>
        <p>
          我们<strong>不会出售</strong>您的个人信息。仅在下列情形下共享必要信息：
        </p>
        <ul>
          <li>
            <strong>企业会员：</strong>若您通过所在单位开通企业会员，我们会向该单位提供您的姓名、部门及学习进度、听课排行等学习数据；
          </li>
          <li>
            <strong>支付与通知服务：</strong>向微信支付提供订单信息以完成支付，向短信服务商提供手机号以发送验证码；
          </li>
          <li>
            <strong>法定情形：</strong>根据法律法规、诉讼或行政、司法机关的要求依法提供。
          </li>
        </ul>
        <p>我们会与合作方签订数据处理协议，要求其按照不低于本政策的标准保护您的信息。</p>

        <h2 className={styles.h2}>四、信息的存储期限与保护</h2>
        <p>
          您的个人信息存储于中华人民共和国境内。我们仅在实现处理目的所必需的最短期限内保留您的信息：账号信息在您注销账号后删除或匿名化处理；交易信息依照《中华人民共和国电子商务法》保存不少于三年；学习记录在账号存续期间保存。
        </p>
        <p>我们采用传输加密、访问控制、权限分级与安全审计等措施保护您的信息。如发生个人信息安全事件，我们将依法及时告知您并向主管部门报告。</p>

        <h2 className={styles.h2}>五、您的权利</h2>
        <ul>
          <li>
            <strong>查阅与复制：</strong>您可在“我的 › 个人资料”中查阅您的个人信息；
          </li>
          <li>
            <strong>更正与补充：</strong>您可在个人资料页修改姓名、邮箱、单位等信息，在“设置 › 绑定手机”中更换手机号；
          </li>
          <li>
            <strong>删除与注销：</strong>您可联系客服申请删除个人信息或注销账号，我们将在核实身份后十五个工作日内处理；
          </li>
          <li>
            <strong>撤回同意：</strong>您可通过关闭通知、解除微信授权等方式撤回同意，撤回不影响此前基于同意已进行的处理；
          </li>
          <li>
            <strong>获取解释：</strong>您有权要求我们对个人信息处理规则作出解释说明。
          </li>
        </ul>
        <p>我们不会向不满十四周岁的未成年人提供服务。</p>

        <h2 className={styles.h2}>六、联系我们</h2>
        <p>如您对本政策或个人信息处理有任何疑问、意见或投诉，可通过以下方式联系我们的个人信息保护负责人：</p>
        <ul>
          <li>
            客服电话：<a href={`tel:${SUPPORT_PHONE}`}>{SUPPORT_PHONE}</a>（工作日 9:00–18:00）
          </li>
          <li>
            电子邮箱：<a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </li>
        </ul>
        <p>我们将在收到您的请求后十五个工作日内答复。如对答复不满意，您可向网信、市场监管等主管部门投诉。</p>
      </article>
    </Page>
  );
}
