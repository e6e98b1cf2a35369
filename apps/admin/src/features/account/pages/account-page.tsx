/**
 * 账号安全 (/admin/account): the signed-in operator's two-step verification (TOTP, decision 026)
 * and signing out everywhere. Whether TOTP is on comes from the session (`operator.totpEnabled`);
 * turning it on shows the secret and a QR code of its otpauth URL and asks for a code the
 * authenticator app shows; turning it off also asks for a current code.
 */
import { Alert, App, Button, Card, Flex, Form, Input, Space, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError, api } from '../../../lib/api';
import { SESSION_QUERY_KEY, useSession } from '../../../lib/session';
import { useConfirmSignOutEverywhere } from '../../../lib/sign-out-everywhere';
import { QrCode } from '../qr-code';

interface TotpSetup {
  secret: string;
  otpauthUrl: string;
}

const CODE_RULES = [
  { required: true, message: '请输入 6 位动态验证码' },
  { pattern: /^\d{6}$/, message: '动态验证码为 6 位数字' },
];

function errorText(e: unknown): string {
  return e instanceof ApiError ? e.message : '操作失败，请稍后重试';
}

function CodeField({ id, testId }: { id: string; testId: string }) {
  return (
    <Form.Item name="code" label="动态验证码" htmlFor={id} rules={CODE_RULES} validateTrigger="onSubmit">
      <Input id={id} inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="验证器中显示的 6 位数字" style={{ maxWidth: 240 }} data-testid={testId} />
    </Form.Item>
  );
}

export function AccountPage() {
  const { operator } = useSession();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enableForm] = Form.useForm<{ code: string }>();
  const [disableForm] = Form.useForm<{ code: string }>();
  const enableId = useId();
  const disableId = useId();
  const enabled = operator?.totpEnabled === true;

  const refreshSession = () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });

  const start = useMutation({
    mutationFn: () => api.post<TotpSetup>('/v1/admin/me/totp/setup'),
    onMutate: () => setError(null),
    onSuccess: (data) => {
      setSetup(data);
      enableForm.resetFields();
    },
    onError: (e) => setError(errorText(e)),
  });

  const enable = useMutation({
    mutationFn: (code: string) => api.post('/v1/admin/me/totp/enable', { code }),
    onMutate: () => setError(null),
    onSuccess: async () => {
      setSetup(null);
      message.success('两步验证已开启，下次登录需要输入动态验证码');
      await refreshSession();
    },
    onError: (e) => setError(errorText(e)),
  });

  const disable = useMutation({
    mutationFn: (code: string) => api.post('/v1/admin/me/totp/disable', { code }),
    onMutate: () => setError(null),
    onSuccess: async () => {
      disableForm.resetFields();
      message.success('两步验证已关闭');
      await refreshSession();
    },
    onError: (e) => setError(errorText(e)),
  });

  const confirmSignOutEverywhere = useConfirmSignOutEverywhere();

  if (!operator) return null;

  return (
    <Flex vertical gap="middle" style={{ maxWidth: 720 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        账号安全
      </Typography.Title>

      <Card title="两步验证">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space>
            <Typography.Text>当前状态：</Typography.Text>
            <Tag color={enabled ? '#237804' : undefined} data-testid="account-totp-status">
              {enabled ? '已开启' : '未开启'}
            </Tag>
          </Space>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            开启后，登录时除密码外还需输入手机验证器（如 Google Authenticator、Microsoft Authenticator 或微信小程序「腾讯身份验证器」）显示的 6 位动态验证码。
          </Typography.Paragraph>

          {error ? <Alert type="error" showIcon title={error} data-testid="account-totp-error" /> : null}

          {!enabled && !setup ? (
            <div>
              <Button type="primary" loading={start.isPending} onClick={() => start.mutate()} data-testid="account-totp-start">
                开启两步验证
              </Button>
            </div>
          ) : null}

          {!enabled && setup ? (
            <Flex vertical gap="small">
              <Typography.Text strong>第一步：用验证器扫描二维码</Typography.Text>
              <QrCode text={setup.otpauthUrl} label="两步验证二维码，用验证器扫描" />
              <Typography.Text>
                无法扫码时，在验证器中手动输入密钥：
                <Typography.Text code copyable={{ text: setup.secret, tooltips: ['复制密钥', '已复制'] }} data-testid="account-totp-secret">
                  {setup.secret}
                </Typography.Text>
              </Typography.Text>
              <Typography.Text strong>第二步：输入验证器显示的 6 位动态验证码</Typography.Text>
              <Form form={enableForm} layout="vertical" onFinish={(v) => enable.mutate(v.code.trim())}>
                <CodeField id={enableId} testId="account-totp-code" />
                <Space>
                  <Button type="primary" htmlType="submit" loading={enable.isPending} data-testid="account-totp-submit">
                    确认开启
                  </Button>
                  <Button onClick={() => setSetup(null)}>取消</Button>
                </Space>
              </Form>
            </Flex>
          ) : null}

          {enabled ? (
            <Form form={disableForm} layout="vertical" onFinish={(v) => disable.mutate(v.code.trim())}>
              <Typography.Paragraph>关闭两步验证需要输入验证器当前显示的动态验证码。关闭后登录只需密码，安全性会降低。</Typography.Paragraph>
              <CodeField id={disableId} testId="account-totp-disable-code" />
              <Button danger htmlType="submit" loading={disable.isPending} data-testid="account-totp-disable">
                关闭两步验证
              </Button>
            </Form>
          ) : null}
        </Space>
      </Card>

      <Card title="登录设备">
        <Space orientation="vertical">
          <Typography.Paragraph style={{ margin: 0 }}>
            开启或关闭两步验证不会让已登录的设备退出。如果怀疑密码或验证器泄露，或在他人电脑上登录过，请点「全部设备退出」：所有设备（包括当前设备）都需要重新登录。
          </Typography.Paragraph>
          <div>
            <Button danger onClick={confirmSignOutEverywhere} data-testid="account-revoke-all">
              全部设备退出
            </Button>
          </div>
        </Space>
      </Card>
    </Flex>
  );
}
