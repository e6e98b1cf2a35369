import { App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { ApiError } from '../../../lib/api';
import { ROLE_LABELS } from '../../../lib/session';
import type { OperatorRole } from '../../../lib/session';
import { useCreateOperator, useLecturers, useUpdateOperator } from '../api/operators';
import type { OperatorRow } from '../api/operators';

interface FormValues {
  phone?: string;
  password?: string;
  name: string;
  role: OperatorRole;
  lecturerId?: number | null;
  corporateId?: number | null;
  disabled?: boolean;
}

const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as OperatorRole[]).map((value) => ({ value, label: ROLE_LABELS[value] }));

/** Create (no `operator`) or edit an operator. */
export function OperatorFormModal({ open, operator, onClose }: { open: boolean; operator: OperatorRow | null; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const create = useCreateOperator();
  const update = useUpdateOperator();
  const role = Form.useWatch('role', form);
  const lecturers = useLecturers(open && role === 'lecturer');
  const editing = operator !== null;

  const handleOk = async () => {
    const values = await form.validateFields();
    try {
      if (editing) {
        await update.mutateAsync({
          id: operator.id,
          name: values.name.trim(),
          role: values.role,
          disabled: values.disabled ?? false,
          lecturerId: values.role === 'lecturer' ? (values.lecturerId ?? null) : null,
          corporateId: values.role === 'corporate_admin' ? (values.corporateId ?? null) : null,
          ...(values.password ? { password: values.password } : {}),
        });
        message.success('已保存');
      } else {
        await create.mutateAsync({
          phone: values.phone!.trim(),
          password: values.password!,
          name: values.name.trim(),
          role: values.role,
          ...(values.role === 'lecturer' && values.lecturerId ? { lecturerId: values.lecturerId } : {}),
          ...(values.role === 'corporate_admin' && values.corporateId ? { corporateId: values.corporateId } : {}),
        });
        message.success('已创建运营人员');
      }
      onClose();
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : '保存失败，请稍后再试');
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? `编辑运营人员：${operator.name || operator.phone}` : '新建运营人员'}
      okText={editing ? '保存' : '创建'}
      cancelText="取消"
      onOk={handleOk}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) return;
        form.resetFields();
        form.setFieldsValue(
          operator
            ? { name: operator.name, role: operator.role, lecturerId: operator.lecturerId, corporateId: operator.corporateId, disabled: operator.disabled }
            : { role: 'operator' },
        );
      }}
    >
      <Form<FormValues> form={form} layout="vertical" preserve={false} initialValues={{ role: operator?.role ?? 'operator' }}>
        {!editing && (
          <>
            <Form.Item label="手机号" name="phone" rules={[{ required: true, message: '请输入手机号' }, { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的 11 位手机号' }]}>
              <Input autoComplete="off" maxLength={11} inputMode="numeric" />
            </Form.Item>
            <Form.Item
              label="初始密码"
              name="password"
              extra="至少 8 位，需同时包含字母和数字；请通过安全渠道告知对方"
              rules={[
                { required: true, message: '请输入初始密码' },
                { min: 8, message: '密码至少 8 位' },
                { pattern: /^(?=.*[A-Za-z])(?=.*\d).+$/, message: '密码需同时包含字母和数字' },
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <Form.Item label="姓名" name="name" rules={[{ required: true, whitespace: true, message: '请输入姓名' }, { max: 40, message: '姓名最多 40 个字' }]}>
          <Input />
        </Form.Item>
        <Form.Item label="角色" name="role" rules={[{ required: true, message: '请选择角色' }]}>
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
        {role === 'lecturer' && (
          <Form.Item label="对应讲师" name="lecturerId" rules={[{ required: true, message: '请选择讲师' }]} extra="讲师账号只能管理该讲师自己的课程">
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={lecturers.isPending}
              options={(lecturers.data?.lecturers ?? []).map((l) => ({ value: l.id, label: l.name }))}
              placeholder="选择讲师"
            />
          </Form.Item>
        )}
        {role === 'corporate_admin' && (
          <Form.Item label="企业 ID" name="corporateId" rules={[{ required: true, message: '请输入企业 ID' }]}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {editing && (
          <Form.Item
            label="重置密码"
            name="password"
            extra="留空则不修改；至少 8 位，需同时包含字母和数字"
            rules={[
              { min: 8, message: '密码至少 8 位' },
              { pattern: /^(?=.*[A-Za-z])(?=.*\d).+$/, message: '密码需同时包含字母和数字' },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        {editing && (
          <Form.Item label="停用账号" name="disabled" valuePropName="checked" extra="停用后该账号无法登录，已登录的会话立即失效">
            <Switch checkedChildren="停用" unCheckedChildren="启用" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
