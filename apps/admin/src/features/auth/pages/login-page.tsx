import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { ConsoleErrorCodes } from '@jinfa/shared/console-errors';
import { ApiError } from '../../../lib/api';
import type { PageProps } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import './login-page.css';

interface LoginForm {
  phone: string;
  password: string;
  totp?: string;
}

const LOCKED_MESSAGE = '登录失败次数过多，该账号已被锁定 15 分钟，请稍后再试。';

function describe(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === ConsoleErrorCodes.ADMIN_LOCKED) return LOCKED_MESSAGE;
    if (error.code === ConsoleErrorCodes.ADMIN_BAD_CREDENTIALS) return '手机号或密码错误，请重新输入。';
    if (error.code === ConsoleErrorCodes.ADMIN_TOTP_REQUIRED) return '该账号已开启两步验证，请输入动态验证码。';
    if (error.code === ConsoleErrorCodes.ADMIN_TOTP_INVALID) return '动态验证码错误，请重新输入。';
    return error.message;
  }
  return '登录失败，请稍后再试。';
}

export function LoginPage(_props: PageProps) {
  const { signIn } = useSession();
  const [form] = Form.useForm<LoginForm>();
  const [needTotp, setNeedTotp] = useState(false);
  const [error, setError] = useState<{ text: string; locked: boolean } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleFinish = async (values: LoginForm) => {
    setSubmitting(true);
    setError(null);
    try {
      await signIn({ phone: values.phone.trim(), password: values.password, totp: needTotp ? values.totp?.trim() : undefined });
      // The app's sign-in gate moves on to the page asked for once the session is set.
    } catch (e) {
      if (e instanceof ApiError && (e.code === ConsoleErrorCodes.ADMIN_TOTP_REQUIRED || e.code === ConsoleErrorCodes.ADMIN_TOTP_INVALID)) {
        setNeedTotp(true);
        form.setFieldValue('totp', '');
      }
      setError({ text: describe(e), locked: e instanceof ApiError && e.code === ConsoleErrorCodes.ADMIN_LOCKED });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className="login-page">
      <Card className="login-card" variant="borderless">
        <div className="login-heading">
          <span className="brand-mark" aria-hidden="true">
            金
          </span>
          <Typography.Title level={1} className="login-title">
            金法课堂 · 运营后台
          </Typography.Title>
        </div>
        <Typography.Paragraph type="secondary" className="login-subtitle">
          使用运营人员账号登录
        </Typography.Paragraph>
        {error && (
          <Alert
            type={error.locked ? 'warning' : 'error'}
            title={error.locked ? '账号已锁定' : '登录失败'}
            description={error.text}
            showIcon
            role="alert"
            style={{ marginBottom: 24 }}
            data-testid="admin-login-error"
          />
        )}
        <Form<LoginForm> form={form} layout="vertical" requiredMark={false} onFinish={handleFinish} size="large" disabled={submitting}>
          <Form.Item
            label="手机号"
            name="phone"
            rules={[
              { required: true, message: '请输入手机号' },
              { pattern: /^1\d{10}$/, message: '请输入 11 位手机号' },
            ]}
          >
            <Input prefix={<MobileOutlined aria-hidden />} autoComplete="username" inputMode="numeric" maxLength={11} data-testid="admin-login-phone" />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" data-testid="admin-login-password" />
          </Form.Item>
          {needTotp && (
            <Form.Item
              label="动态验证码"
              name="totp"
              extra="打开身份验证器应用，输入 6 位动态验证码"
              rules={[
                { required: true, message: '请输入动态验证码' },
                { pattern: /^\d{6}$/, message: '动态验证码为 6 位数字' },
              ]}
            >
              <Input prefix={<SafetyOutlined aria-hidden />} autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus data-testid="admin-login-totp" />
            </Form.Item>
          )}
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" block loading={submitting} data-testid="admin-login-submit">
              登录
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </main>
  );
}
