import { App, Badge, Button, Card, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import type { PageProps } from '../../../lib/router';
import { ROLE_LABELS, useSession } from '../../../lib/session';
import { useTableQuery } from '../../../lib/use-table-query';
import { OPERATORS_PATH, useUpdateOperator } from '../api/operators';
import type { OperatorRow } from '../api/operators';
import { OperatorFormModal } from '../components/operator-form-modal';

export function OperatorListPage(_props: PageProps) {
  const { tableProps } = useTableQuery<OperatorRow>({ queryKey: 'operators', path: OPERATORS_PATH });
  const { operator: me } = useSession();
  const { message } = App.useApp();
  const update = useUpdateOperator();
  const [editing, setEditing] = useState<OperatorRow | null>(null);
  const [open, setOpen] = useState(false);

  const handleToggle = async (row: OperatorRow) => {
    try {
      await update.mutateAsync({ id: row.id, disabled: !row.disabled });
      message.success(row.disabled ? '已启用' : '已停用');
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : '操作失败，请稍后再试');
    }
  };

  const columns: TableColumnsType<OperatorRow> = [
    { title: 'ID', dataIndex: 'id', width: 72 },
    { title: '姓名', dataIndex: 'name' },
    { title: '手机号', dataIndex: 'phone', width: 140 },
    { title: '角色', dataIndex: 'role', width: 120, render: (role: OperatorRow['role']) => ROLE_LABELS[role] ?? role },
    { title: '两步验证', dataIndex: 'totpEnabled', width: 100, render: (on: boolean) => (on ? <Tag color="#237804">已开启</Tag> : '未开启') },
    {
      title: '状态',
      dataIndex: 'disabled',
      width: 100,
      render: (disabled: boolean) => <Badge status={disabled ? 'default' : 'success'} text={disabled ? '已停用' : '正常'} />,
    },
    { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (ms: number) => formatTime(ms) },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_v, row) => (
        <Space>
          <Button
            type="link"
            size="small"
            onClick={() => {
              setEditing(row);
              setOpen(true);
            }}
            aria-label={`编辑 ${row.name || row.phone}`}
          >
            编辑
          </Button>
          {row.id !== me?.id && (
            <Popconfirm
              title={row.disabled ? '启用该账号？' : '停用该账号？'}
              description={row.disabled ? undefined : '停用后该账号立即退出并无法登录'}
              okText="确定"
              cancelText="取消"
              onConfirm={() => handleToggle(row)}
            >
              <Button type="link" size="small" danger={!row.disabled} aria-label={`${row.disabled ? '启用' : '停用'} ${row.name || row.phone}`}>
                {row.disabled ? '启用' : '停用'}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          运营人员
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          新建运营人员
        </Button>
      </Flex>
      <Card>
        <Table<OperatorRow> {...tableProps} columns={columns} size="middle" locale={{ emptyText: '还没有运营人员' }} />
      </Card>
      <OperatorFormModal open={open} operator={editing} onClose={() => setOpen(false)} />
    </div>
  );
}
