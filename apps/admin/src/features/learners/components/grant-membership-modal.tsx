/**
 * 授予会员: an owner grants a learner a membership plan for a number of days (the plan's own
 * duration when left empty) with a reason (audit log). The plans come from GET /v1/admin/lookups.
 */
import { Form, InputNumber, Input, Modal, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { api } from '../../../lib/api';

interface Lookups {
  membershipPlans: Array<{ id: number; name: string; kind: string }>;
}

export interface GrantValues {
  planId: number;
  days?: number;
  reason: string;
}

const KIND_LABELS: Record<string, string> = { monthly: '月度', yearly: '年度' };

export function GrantMembershipModal({ open, pending, onCancel, onSubmit }: { open: boolean; pending: boolean; onCancel(): void; onSubmit(v: GrantValues): unknown }) {
  const [form] = Form.useForm<{ planId?: number; days?: number | null; reason?: string }>();
  const planId = useId();
  const daysId = useId();
  const reasonId = useId();
  const busy = useRef(false);
  const lookups = useQuery({
    queryKey: ['admin-lookups'],
    queryFn: ({ signal }) => api.get<Lookups>('/v1/admin/lookups', undefined, { signal }),
    enabled: open,
    staleTime: 60_000,
  });

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const handleOk = async () => {
    if (pending || busy.current) return;
    busy.current = true;
    try {
      const v = await form.validateFields();
      const body: GrantValues = { planId: v.planId!, reason: (v.reason ?? '').trim() };
      if (typeof v.days === 'number') body.days = v.days;
      await onSubmit(body);
    } catch {
      // Invalid input shows under its field; a failed request is reported by the caller.
    } finally {
      busy.current = false;
    }
  };

  const plans = lookups.data?.membershipPlans ?? [];
  return (
    <Modal
      open={open}
      title="授予会员"
      okText="授予"
      cancelText="取消"
      okButtonProps={{ disabled: pending, loading: pending }}
      onOk={handleOk}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: !pending }}
    >
      <Typography.Paragraph>授予后用户立即成为会员；已是会员时在当前到期日后顺延（与购买续费相同）。原因会记入审计日志。</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="planId" label="会员方案" htmlFor={planId} rules={[{ required: true, message: '请选择会员方案' }]}>
          <Select
            id={planId}
            loading={lookups.isPending}
            placeholder="请选择会员方案"
            options={plans.map((p) => ({ value: p.id, label: `${p.name}（${KIND_LABELS[p.kind] ?? p.kind}）` }))}
            notFoundContent={lookups.isError ? '会员方案加载失败' : '没有会员方案'}
            data-testid="grant-plan"
          />
        </Form.Item>
        <Form.Item name="days" label="天数" htmlFor={daysId} extra="留空则按方案自带的时长" rules={[{ type: 'integer', min: 1, max: 3650, message: '天数须为 1–3650 的整数' }]}>
          <InputNumber id={daysId} min={1} max={3650} precision={0} placeholder="方案时长" style={{ width: 160 }} data-testid="grant-days" />
        </Form.Item>
        <Form.Item name="reason" label="原因" htmlFor={reasonId} rules={[{ required: true, whitespace: true, message: '请填写原因' }]}>
          <Input.TextArea id={reasonId} rows={3} maxLength={200} showCount placeholder="例如：客服补偿、活动赠送" data-testid="grant-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
