import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '../../../lib/router.ts';
import { AuditResult } from '@jinfa/shared/enums';
import { Page } from '../../../components/page.tsx';
import { SkeletonCard } from '../../../components/skeleton.tsx';
import { ErrorState, LoginPrompt } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
import { useStoredToken } from '../../../lib/auth-store.ts';
import { EMAIL_PATTERN, maskMobile } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { auditStatusQueryKey, useAuditStatus, type AuditStatusResult } from '../api/get-audit-status.ts';
import { useMe, type UserProfile } from '../api/get-me.ts';
import { useSaveInfo, type UserInfoBody } from '../api/update-info.ts';
import { describeAuditResult } from '../lib/audit.ts';
import { EmailVerify } from '../components/email-verify.tsx';
import styles from './my-info-page.module.css';

interface ProfileFormValues {
  name: string;
  email: string;
  company: string;
  department: string;
  position: string;
}

function AuditBanner({ audit }: { audit: AuditStatusResult }) {
  const view = describeAuditResult(audit.result, audit.remark);
  return (
    <div className={`${styles.banner} ${styles[view.tone] ?? ''}`} role="status" data-testid="audit-banner">
      <span className={styles.bannerLabel}>{view.label}</span>
      <span className={styles.bannerText}>{view.text}</span>
    </div>
  );
}

function ProfileForm({ user, audit }: { user: UserProfile; audit: AuditStatusResult | undefined }) {
  const [form] = Form.useForm<ProfileFormValues>();
  const save = useSaveInfo();
  const queryClient = useQueryClient();
  const firstSubmission = audit?.result === AuditResult.NOT_YET_SUBMITTED;
  const resubmission = audit?.result === AuditResult.NOT_PASSED || audit?.result === AuditResult.FAILED_NOT_APPLYING;
  // When a new address was saved, the server mailed it a code: the verify step counts down from then.
  const [codeSentAt, setCodeSentAt] = useState<number | null>(null);

  const handleFinish = async (values: ProfileFormValues) => {
    const body: UserInfoBody = {
      name: values.name.trim(),
      email: values.email.trim(),
      company: values.company.trim(),
      department: values.department.trim(),
      position: values.position.trim(),
    };
    try {
      await save.mutateAsync({ body, first: firstSubmission });
      if (body.email && body.email !== user.email) setCodeSentAt(Date.now());
      void queryClient.invalidateQueries({ queryKey: auditStatusQueryKey });
      toast.success(firstSubmission || resubmission ? '资料已提交审核' : '保存成功');
    } catch {
      // The API client showed why.
    }
  };

  return (
    <>
      <Form
        form={form}
        layout="horizontal"
        mode="card"
        className={styles.form}
        initialValues={{
          name: user.name,
          email: user.email,
          company: user.company,
          department: user.department,
          position: user.position,
        }}
        onFinish={handleFinish}
        footer={
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={save.isPending} loadingText="保存中">
            {firstSubmission ? '提交审核' : resubmission ? '重新提交审核' : '保存'}
          </Button>
        }
      >
        <Form.Header>基本信息</Form.Header>
        <Form.Item
          name="name"
          label="姓名"
          rules={[
            { required: true, whitespace: true, message: '请输入真实姓名' },
            { min: 2, max: 20, message: '姓名为 2–20 个字' },
          ]}
        >
          <Input placeholder="请输入真实姓名" maxLength={20} clearable />
        </Form.Item>
        <Form.Item
          label="手机号"
          extra={
            <Link to={paths.bindPhone.getHref()} className={styles.inlineLink}>
              {user.mobile ? '更换' : '去绑定'}
            </Link>
          }
        >
          <span className={user.mobile ? styles.readonly : styles.placeholder}>{user.mobile ? maskMobile(user.mobile) : '未绑定'}</span>
        </Form.Item>
        <Form.Item
          name="email"
          label="邮箱"
          extra={
            user.email ? (
              <span className={user.emailVerified ? styles.verified : styles.unverified} data-testid="email-status">
                {user.emailVerified ? '已验证' : '未验证'}
              </span>
            ) : undefined
          }
          rules={[
            { required: true, whitespace: true, message: '请输入邮箱' },
            { pattern: EMAIL_PATTERN, message: '请输入正确的邮箱' },
          ]}
        >
          <Input placeholder="用于接收发票与学习证书" type="email" maxLength={100} clearable />
        </Form.Item>
        <Form.Header>工作信息</Form.Header>
        <Form.Item name="company" label="单位" rules={[{ max: 60, message: '最多 60 个字' }]}>
          <Input placeholder="所在单位全称" maxLength={60} clearable />
        </Form.Item>
        <Form.Item name="department" label="部门" rules={[{ max: 60, message: '最多 60 个字' }]}>
          <Input placeholder="所在部门" maxLength={60} clearable />
        </Form.Item>
        <Form.Item name="position" label="职务" rules={[{ max: 60, message: '最多 60 个字' }]}>
          <Input placeholder="当前职务" maxLength={60} clearable />
        </Form.Item>
      </Form>
      {user.email && !user.emailVerified && <EmailVerify key={user.email} email={user.email} sentAt={codeSentAt} />}
    </>
  );
}

/** /userCenter/myInfo: the learner's profile and its review state. */
export function MyInfoPage() {
  const token = useStoredToken();
  const me = useMe({ enabled: token != null });
  const audit = useAuditStatus(token != null);

  let body;
  if (!token) body = <LoginPrompt description="登录后即可完善个人资料" />;
  else if (me.isPending) body = <SkeletonCard lines={6} />;
  else if (me.isError) body = <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  else
    body = (
      <>
        {audit.data && <AuditBanner audit={audit.data} />}
        <ProfileForm key={me.data.userId} user={me.data} audit={audit.data} />
        <p className={styles.note}>资料仅用于课程报名审核与证书发放，我们将严格保护您的个人信息。</p>
      </>
    );

  return <Page title="个人资料">{body}</Page>;
}
