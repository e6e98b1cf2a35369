import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../../lib/router.ts';
import { LogoMark } from '../../../components/brand/logo-mark.tsx';
import { QrIcon } from '../../../components/icons/qr-icon.tsx';
import { WechatIcon } from '../../../components/icons/wechat-icon.tsx';
import { PageHeader } from '../../../components/page.tsx';
import { PhoneCodeFields, type PhoneCode } from '../../../components/phone-code-fields.tsx';
import { DEFAULT_AFTER_LOGIN, paths, safeInAppPath } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { MOBILE_PATTERN, SMS_CODE_PATTERN } from '../../../lib/format.ts';
import { showErrorPopup } from '../../../lib/error-popup.ts';
import { settleLogin } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { isMobileDevice, isWechat } from '../../../lib/user-agent.ts';
import { useAuthenticate } from '../api/authenticate.ts';
import { getQrLoginUrl } from '../api/get-qr-login-url.ts';
import { usePresetUsers, type PresetUser } from '../api/get-preset-users.ts';
import { useSystemInfo } from '../api/get-system-info.ts';
import { getTestToken } from '../api/get-test-token.ts';
import { getWxLoginUrl } from '../api/get-wx-login-url.ts';
import { sendLoginSmsCode } from '../api/send-sms-code.ts';
import { TestUserList } from '../components/test-user-list.tsx';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';
import { loginAddressErrorText } from '../lib/login-errors.ts';
import styles from './login-page.module.css';

/**
 * Text for `?error=<code>`, which the server's WeChat callback adds when sign-in failed there.
 * -10001 means the OAuth state was stale or opened in another browser.
 */
const CALLBACK_ERROR_TEXT: Record<number, string> = {
  [-10001]: '登录已超时或未在同一浏览器中完成，请重新登录',
};

export function LoginPage() {
  usePageTitle('登录');
  const [params, setParams] = useSearchParams();
  const target = safeInAppPath(params.get('redirect'), DEFAULT_AFTER_LOGIN);
  const completeLogin = useCompleteLogin();
  const authenticate = useAuthenticate();
  const systemInfo = useSystemInfo();
  const testLogin = systemInfo.data?.testLogin === true;
  const presetUsers = usePresetUsers(testLogin);

  const [phone, setPhone] = useState<PhoneCode>({ mobile: '', code: '' });
  const [agreed, setAgreed] = useState(false);
  const [busyUserId, setBusyUserId] = useState<number | null>(null);
  const [redirecting, setRedirecting] = useState<'wechat' | 'qr' | null>(null);

  const inWechat = isWechat();
  const onDesktop = !isMobileDevice();

  // Arriving here ends any "login in progress": the next 403 may start one again.
  useEffect(() => settleLogin(), []);

  // The WeChat callback failed: say why once, then drop `error` from the address.
  const callbackError = params.get('error');
  useEffect(() => {
    if (!callbackError) return;
    const code = Number.parseInt(callbackError, 10);
    const text = CALLBACK_ERROR_TEXT[code];
    if (text) toast.fail(text, { long: true });
    else if (Number.isFinite(code)) showErrorPopup(code);
    const rest = new URLSearchParams(params);
    rest.delete('error');
    setParams(rest, { replace: true });
  }, [callbackError, params, setParams]);

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    const { mobile, code } = phone;
    if (!MOBILE_PATTERN.test(mobile)) return toast.fail('请输入正确的手机号');
    if (!SMS_CODE_PATTERN.test(code)) return toast.fail('请输入6位验证码');
    if (!agreed) return toast.info('请先阅读并同意《隐私协议》');
    try {
      const pair = await authenticate.mutateAsync({ mobile, code });
      toast.success(pair.isNewUser ? '注册成功，欢迎加入' : '登录成功');
      completeLogin(pair, target);
    } catch {
      // The API client showed the popup (wrong or expired code, locked account…).
    }
  };

  const handleTestUser = async (user: PresetUser) => {
    setBusyUserId(user.userId);
    try {
      const pair = await getTestToken(user.userId);
      completeLogin(pair, target);
    } catch {
      setBusyUserId(null);
    }
  };

  const handleExternalLogin = async (kind: 'wechat' | 'qr') => {
    if (!agreed) return toast.info('请先阅读并同意《隐私协议》');
    setRedirecting(kind);
    try {
      // The server checks `returnUrl` is one of our paths, binds this browser (HttpOnly cookie) and
      // sends the learner to /user/loginComplete?returnUrl=…&code=<one-time code> once WeChat has
      // answered; only this browser can exchange the code (decision 017).
      const url = kind === 'wechat' ? await getWxLoginUrl(target) : await getQrLoginUrl(target);
      window.location.href = url;
    } catch (error) {
      toast.fail(loginAddressErrorText(error));
      setRedirecting(null);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title="登录" tone="brand" />
      <section className={styles.hero}>
        <LogoMark size={52} />
        <h1 className={styles.welcome}>欢迎来到金法课堂</h1>
        <p className={styles.slogan}>银行与金融法律实务 · 随时随地学习</p>
      </section>

      <form className={styles.card} onSubmit={handleSubmit} noValidate>
        <PhoneCodeFields
          id="login"
          value={phone}
          onChange={setPhone}
          onSend={sendLoginSmsCode}
          classNames={styles}
          codePlaceholder="6位短信验证码"
          mobileAutoComplete="tel"
          onEnterPress={() => void handleSubmit()}
        />

        <Button block type="submit" color="primary" size="large" shape="rounded" className={styles.submit} loading={authenticate.isPending} loadingText="登录中">
          登录 / 注册
        </Button>

        <div className={styles.agreement}>
          <Checkbox data-testid="login-agreement" checked={agreed} onChange={setAgreed} style={{ '--icon-size': '16px', '--font-size': '12px' }}>
            <span className={styles.agreementText}>我已阅读并同意</span>
          </Checkbox>
          <Link to={paths.privacyAgreement.getHref()} className={styles.agreementLink}>
            《隐私协议》
          </Link>
        </div>
        <p className={styles.hint}>未注册的手机号验证后将自动创建账号</p>
      </form>

      {(inWechat || onDesktop) && (
        <section className={styles.others} aria-label="其他登录方式">
          <div className={styles.divider}>
            <span>其他登录方式</span>
          </div>
          {inWechat && (
            <Button
              block
              shape="rounded"
              size="large"
              className={styles.wechat}
              loading={redirecting === 'wechat'}
              onClick={() => void handleExternalLogin('wechat')}
            >
              <span className={styles.btnInner}>
                <WechatIcon size={20} />
                微信一键登录
              </span>
            </Button>
          )}
          {onDesktop && (
            <button type="button" className={styles.qr} onClick={() => void handleExternalLogin('qr')} disabled={redirecting != null}>
              <QrIcon size={18} />
              {redirecting === 'qr' ? '正在打开…' : '微信扫码登录'}
            </button>
          )}
        </section>
      )}

      {testLogin && (
        <TestUserList users={presetUsers.data ?? []} busyUserId={busyUserId} onPick={(u) => void handleTestUser(u)} />
      )}
    </div>
  );
}
