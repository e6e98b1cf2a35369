/**
 * A confirmation dialog that asks why: failing a profile, locking a learner, refusing a refund,
 * hiding a comment. The reason goes to the server (and the audit log); when `required` the OK
 * button does nothing until one is typed. While `onSubmit`'s promise runs (and while `pending`)
 * further clicks on OK do nothing, so a double click sends one request.
 */
import { Form, Input, Modal, Typography } from 'antd';
import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

export interface ReasonModalProps {
  open: boolean;
  title: string;
  /** A line above the field: what is about to happen. */
  description?: ReactNode;
  /** The field's label, '原因' unless told. */
  label?: string;
  placeholder?: string;
  required?: boolean;
  maxLength?: number;
  okText?: string;
  danger?: boolean;
  /** True while the request runs: the OK button spins and cannot be clicked again. */
  pending?: boolean;
  onCancel(): void;
  /** May return a promise: OK stays inert until it settles. */
  onSubmit(reason: string): unknown;
}

export function ReasonModal(props: ReasonModalProps) {
  const { open, title, description, label = '原因', placeholder, required = true, maxLength = 200, okText = '确定', danger, pending, onCancel, onSubmit } = props;
  const [form] = Form.useForm<{ reason: string }>();
  const fieldId = useId();
  const busy = useRef(false);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const handleOk = async () => {
    if (pending || busy.current) return;
    busy.current = true;
    try {
      const values: { reason?: string } = await form.validateFields();
      await onSubmit((values.reason ?? '').trim());
    } catch {
      // Invalid input shows under the field; a failed request is reported by the caller.
    } finally {
      busy.current = false;
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger, disabled: pending, loading: pending }}
      confirmLoading={pending}
      onOk={handleOk}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: !pending }}
    >
      {description ? <Typography.Paragraph>{description}</Typography.Paragraph> : null}
      <Form form={form} layout="vertical" requiredMark={required} preserve={false}>
        <Form.Item
          name="reason"
          label={label}
          htmlFor={fieldId}
          rules={
            required
              ? [{ required: true, whitespace: true, message: `请填写${label}` }]
              : []
          }
        >
          <Input.TextArea id={fieldId} rows={3} maxLength={maxLength} showCount placeholder={placeholder ?? `请输入${label}`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
