/**
 * 标签: every tag with how many courses carry it; add, rename, and delete one no course uses
 * (the server refuses a duplicate name and a tag in use with a coded message).
 */
import { Button, Flex, Form, Input, Modal, Popconfirm, Space, Tooltip } from 'antd';
import AntdApp from 'antd/es/app';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminTag } from '@jinfa/shared/admin-discovery-schemas';
import { api } from '../../../lib/api';
import { ClearFilters, ListTable, SearchFilter } from '../../../lib/list-parts';
import { errorText } from '../../../lib/load-error';
import { useTableQuery } from '../../../lib/use-table-query';

const FILTERS = ['q'] as const;
const KEY = 'admin-tags';

export function TagsTab() {
  const { message } = AntdApp.useApp();
  const client = useQueryClient();
  const { query, tableProps, filters, setFilters } = useTableQuery<AdminTag>({ queryKey: KEY, path: '/v1/admin/tags', filters: FILTERS });
  const [search, setSearch] = useState(filters.q ?? '');
  useEffect(() => setSearch(filters.q ?? ''), [filters.q]);
  const [editing, setEditing] = useState<{ tag: AdminTag | null } | null>(null);
  const [form] = Form.useForm<{ name: string }>();

  const onError = (e: unknown) => message.error(errorText(e));
  const save = useMutation({
    mutationFn: (name: string) => (editing?.tag ? api.patch<AdminTag>(`/v1/admin/tags/${editing.tag.id}`, { name }) : api.post<AdminTag>('/v1/admin/tags', { name })),
    onSuccess: () => {
      message.success(editing?.tag ? '已改名' : '已添加');
      setEditing(null);
      void client.invalidateQueries({ queryKey: [KEY] });
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (tag: AdminTag) => api.delete<null>(`/v1/admin/tags/${tag.id}`),
    onSuccess: () => {
      message.success('已删除');
      void client.invalidateQueries({ queryKey: [KEY] });
    },
    onError,
  });

  const open = (tag: AdminTag | null) => {
    form.setFieldsValue({ name: tag?.name ?? '' });
    setEditing({ tag });
  };

  const columns: TableColumnsType<AdminTag> = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 80 },
    { title: '名称', dataIndex: 'name', key: 'name' },
    { title: '课程数', dataIndex: 'courseCount', key: 'courseCount', width: 100 },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_, tag) => (
        <Space>
          <Button size="small" onClick={() => open(tag)} aria-label={`重命名标签「${tag.name}」`}>
            重命名
          </Button>
          {tag.courseCount > 0 ? (
            <Tooltip title="仍有课程使用该标签，不能删除">
              <Button size="small" danger disabled aria-label={`删除标签「${tag.name}」`}>
                删除
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm title={`删除标签「${tag.name}」？`} okText="删除" cancelText="取消" onConfirm={() => remove.mutate(tag)}>
              <Button size="small" danger aria-label={`删除标签「${tag.name}」`}>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space>
          <SearchFilter label="按名称搜索标签" placeholder="标签名称" value={search} onChange={setSearch} onSearch={(q) => setFilters({ q })} />
          <ClearFilters shown={filters.q !== undefined} onClear={() => setFilters({ q: undefined })} />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
          添加标签
        </Button>
      </Flex>
      <ListTable<AdminTag> {...tableProps} query={query} filtered={filters.q !== undefined} noun="标签" scrollX={520} columns={columns} />
      <Modal
        open={editing !== null}
        title={editing?.tag ? `重命名标签「${editing.tag.name}」` : '添加标签'}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v.name.trim())}>
          <Form.Item name="name" label="标签名称" rules={[{ required: true, whitespace: true, message: '请填写标签名称' }, { max: 20, message: '最多 20 个字' }]}>
            <Input maxLength={20} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
