/**
 * 同意退款: the amount in yuan (prefilled with what the learner asked, at most what was paid, so a
 * partial refund is one edit) and an optional note. The OK button is disabled while the request
 * runs; the server refunds exactly once whatever happens.
 */
import { Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect, useRef } from 'react';
import type { AdminRefundRequest } from '@jinfa/shared/admin-people-schemas';
import { fenToYuan, formatFen, yuanToFen } from '../../../lib/format';

export interface ApproveValues {
  amountFen: number;
  reason: string;
}

interface FormValues {
  amountYuan?: number | string | null;
  reason?: string;
}

export function RefundApproveModal({
  request,
  pending,
  onCancel,
  onSubmit,
}: {
  request: AdminRefundRequest | null;
  pending: boolean;
  onCancel(): void;
  /** May return a promise: OK stays inert until it settles. */
  onSubmit(values: ApproveValues): unknown;
}) {
  const [form] = Form.useForm<FormValues>();
  const paid = request?.paidFen ?? 0;
  const busy = useRef(false);

  useEffect(() => {
    if (request) form.setFieldsValue({ amountYuan: fenToYuan(Math.min(request.amountFen, request.paidFen)), reason: '' });
  }, [request, form]);

  const handleOk = async () => {
    if (!request || pending || busy.current) return;
    busy.current = true;
    try {
      const values: FormValues = await form.validateFields();
      const raw = values.amountYuan;
      const amountFen = raw === undefined || raw === null || raw === '' ? paid : yuanToFen(raw);
      await onSubmit({ amountFen, reason: (values.reason ?? '').trim() });
    } catch {
      // Invalid input shows under the field; a failed request is reported by the caller.
    } finally {
      busy.current = false;
    }
  };

  return (
    <Modal
      open={request !== null}
      title="同意退款"
      okText="确认退款"
      cancelText="取消"
      okButtonProps={{ disabled: pending, loading: pending }}
      confirmLoading={pending}
      mask={{ closable: !pending }}
      onOk={handleOk}
      onCancel={onCancel}
      forceRender
    >
      {request ? (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'order', label: '订单号', children: request.orderNo },
            { key: 'item', label: '商品', children: request.description || '—' },
            { key: 'paid', label: '实付金额', children: formatFen(request.paidFen) },
            { key: 'asked', label: '申请退款', children: formatFen(request.amountFen) },
            ...(request.reason ? [{ key: 'reason', label: '用户原因', children: request.reason }] : []),
          ]}
        />
      ) : null}
      <Form form={form} layout="vertical">
        <Form.Item
          name="amountYuan"
          label="退款金额（元）"
          extra={`留空为全额退款；部分退款请填写不超过 ${formatFen(paid)} 的金额`}
          rules={[
            {
              validator: async (_, value: number | string | null | undefined) => {
                if (value === undefined || value === null || value === '') return;
                const fen = yuanToFen(value);
                if (!Number.isFinite(fen) || fen < 1) throw new Error('请输入大于 0 的金额');
                if (fen > paid) throw new Error(`退款金额不能超过实付金额 ${formatFen(paid)}`);
              },
            },
          ]}
        >
          <InputNumber<number> aria-label="退款金额（元）" prefix="¥" min={0} precision={2} step={1} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="reason" label="备注（可选）">
          <Input.TextArea aria-label="备注" rows={2} maxLength={80} showCount placeholder="写给审计日志，不填则沿用用户的申请原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
