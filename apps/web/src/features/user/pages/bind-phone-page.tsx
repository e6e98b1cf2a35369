import Button from 'antd-mobile/es/components/button';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../../lib/router.ts';
import { PhoneIcon } from '../../../components/icons/phone-icon.tsx';
import { Page } from '../../../components/page.tsx';
import { PhoneCodeFields, type PhoneCode } from '../../../components/phone-code-fields.tsx';
import { LoginPrompt } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
import { useStoredToken } from '../../../lib/auth-store.ts';
import { MOBILE_PATTERN, SMS_CODE_PATTERN, maskMobile } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useBindPhone } from '../api/bind-phone.ts';
import { useMe } from '../api/get-me.ts';
import { sendBindSmsCode } from '../api/send-bind-sms-code.ts';
import styles from './bind-phone-page.module.css';

/** /userCenter/bindPhone: bind or change the account's mobile with an SMS code. */
export function BindPhonePage() {
  const token = useStoredToken();
  const me = useMe({ enabled: token != null });
  const bind = useBindPhone();
  const navigate = useNavigate();
  const [phone, setPhone] = useState<PhoneCode>({ mobile: '', code: '' });

  const current = me.data?.mobile;

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    const { mobile, code } = phone;
    if (!MOBILE_PATTERN.test(mobile)) return toast.fail('请输入正确的手机号');
    if (current && mobile === current) return toast.info('该手机号已是当前绑定号码');
    if (!SMS_CODE_PATTERN.test(code)) return toast.fail('请输入6位验证码');
    try {
      await bind.mutateAsync({ mobile, code });
      toast.success('手机号绑定成功');
      navigate(paths.settings.getHref(), { replace: true });
    } catch {
      // The API client showed why (wrong code, number taken…).
    }
  };

  if (!token) {
    return (
      <Page title="绑定手机">
        <LoginPrompt description="登录后即可绑定或更换手机号" />
      </Page>
    );
  }

  return (
    <Page title={current ? '更换手机号' : '绑定手机'}>
      <section className={styles.intro}>
        <span className={styles.icon}>
          <PhoneIcon size={28} />
        </span>
        <p className={styles.current}>
          {me.isPending ? '正在读取当前手机号…' : current ? `当前绑定：${maskMobile(current)}` : '您尚未绑定手机号'}
        </p>
        <p className={styles.tip}>绑定后可使用手机号登录，并接收课程与订单通知</p>
      </section>
      <form className={styles.card} onSubmit={handleSubmit} noValidate>
        <PhoneCodeFields id="bind" value={phone} onChange={setPhone} onSend={sendBindSmsCode} classNames={styles} mobileLabel="新手机号" codePlaceholder="6位验证码" />
        <Button block type="submit" color="primary" size="large" shape="rounded" className={styles.submit} loading={bind.isPending} loadingText="提交中">
          确认绑定
        </Button>
      </form>
    </Page>
  );
}
