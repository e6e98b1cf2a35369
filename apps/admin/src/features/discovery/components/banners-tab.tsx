/**
 * 轮播图: the H5 home's banners, first shown first. On/off, up/down, add and edit in a dialog,
 * delete after a confirmation.
 */
import { Button, Flex, Form, Image, Input, Modal, Popconfirm, Select, Space, Switch, Table, Typography } from 'antd';
import AntdApp from 'antd/es/app';
import type { TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminBanner, AdminBannerCreate, AdminBannerPage } from '@jinfa/shared/admin-discovery-schemas';
import { api } from '../../../lib/api';
import { LoadError, errorText } from '../../../lib/load-error';

const KEY = ['admin-banners'];

export const LINK_TYPES = [
  { value: 0, label: '网页 / 站内路径' },
  { value: 1, label: '课程（填课程 ID）' },
  { value: 2, label: '问答' },
  { value: 3, label: '资讯' },
];

type Editing = { banner: AdminBanner | null } | null;

export function BannersTab() {
  const { message } = AntdApp.useApp();
  const client = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => api.get<AdminBannerPage>('/v1/admin/banners') });
  const items = query.data?.items ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<AdminBannerCreate>();

  const done = (text: string) => {
    void client.invalidateQueries({ queryKey: KEY });
    message.success(text);
  };
  const onError = (e: unknown) => message.error(errorText(e));

  const toggle = useMutation({
    mutationFn: (b: AdminBanner) => api.patch<AdminBanner>(`/v1/admin/banners/${b.id}`, { enabled: !b.enabled }),
    onSuccess: (b) => done(b.enabled ? '已上线，学员首页可见' : '已下线，学员首页不再显示'),
    onError,
  });
  const remove = useMutation({ mutationFn: (b: AdminBanner) => api.delete<null>(`/v1/admin/banners/${b.id}`), onSuccess: () => done('已删除'), onError });
  const reorder = useMutation({
    mutationFn: (bannerIds: number[]) => api.put<AdminBannerPage>('/v1/admin/banner-order', { bannerIds }),
    onSuccess: (page) => {
      client.setQueryData(KEY, page);
      message.success('顺序已保存');
    },
    onError,
  });
  const save = useMutation({
    mutationFn: (values: AdminBannerCreate) =>
      editing?.banner ? api.patch<AdminBanner>(`/v1/admin/banners/${editing.banner.id}`, values) : api.post<AdminBanner>('/v1/admin/banners', values),
    onSuccess: () => {
      done(editing?.banner ? '已保存' : '已添加');
      setEditing(null);
    },
    onError,
  });

  const move = (index: number, delta: number) => {
    const ids = items.map((b) => b.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + delta, 0, id!);
    reorder.mutate(ids);
  };

  const open = (banner: AdminBanner | null) => {
    form.setFieldsValue(banner ? { title: banner.title, image: banner.image, linkType: banner.linkType, link: banner.link, enabled: banner.enabled } : { title: '', image: '', linkType: 0, link: '', enabled: true });
    setEditing({ banner });
  };

  const columns: TableColumnsType<AdminBanner> = [
    {
      title: '图片',
      key: 'image',
      width: 140,
      render: (_, b) => <Image src={b.image} alt={`轮播图：${b.title}`} width={120} height={48} style={{ objectFit: 'cover' }} />,
    },
    { title: '标题', dataIndex: 'title', key: 'title' },
    {
      title: '链接',
      key: 'link',
      render: (_, b) => (
        <Space direction="vertical" size={0}>
          <Typography.Text type="secondary">{LINK_TYPES.find((t) => t.value === b.linkType)?.label ?? b.linkType}</Typography.Text>
          <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
            {b.link}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '上线',
      key: 'enabled',
      width: 90,
      render: (_, b) => (
        <Switch
          checked={b.enabled}
          aria-label={`「${b.title}」在学员首页显示`}
          loading={toggle.isPending && toggle.variables?.id === b.id}
          onChange={() => toggle.mutate(b)}
          data-testid={`banner-enabled-${b.id}`}
        />
      ),
    },
    {
      title: '顺序',
      key: 'order',
      width: 110,
      render: (_, b, index) => (
        <Space>
          <Button size="small" icon={<ArrowUpOutlined />} aria-label={`上移「${b.title}」`} disabled={index === 0 || reorder.isPending} onClick={() => move(index, -1)} />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`下移「${b.title}」`}
            disabled={index === items.length - 1 || reorder.isPending}
            onClick={() => move(index, 1)}
          />
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, b) => (
        <Space>
          <Button size="small" onClick={() => open(b)} aria-label={`编辑「${b.title}」`}>
            编辑
          </Button>
          <Popconfirm title={`删除轮播图「${b.title}」？`} okText="删除" cancelText="取消" onConfirm={() => remove.mutate(b)}>
            <Button size="small" danger aria-label={`删除「${b.title}」`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">排在前面的先显示；下线的轮播图保留在这里，学员首页不显示。</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
          添加轮播图
        </Button>
      </Flex>
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<AdminBanner> rowKey="id" size="middle" loading={query.isLoading} dataSource={items} columns={columns} pagination={false} scroll={{ x: 800 }} />
      <Modal
        open={editing !== null}
        title={editing?.banner ? '编辑轮播图' : '添加轮播图'}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate({ ...v, title: v.title.trim(), image: v.image.trim(), link: v.link.trim() })}>
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }, { max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="image"
            label="图片地址"
            rules={[
              { required: true, message: '请填写图片地址' },
              { pattern: /^(https?:\/\/|\/)\S+$/, message: '请填写 http(s):// 开头的地址或站内路径 /…' },
            ]}
          >
            <Input maxLength={500} placeholder="https://… 或 /assets/…" />
          </Form.Item>
          <Form.Item name="linkType" label="链接类型" rules={[{ required: true }]}>
            <Select options={LINK_TYPES} />
          </Form.Item>
          <Form.Item name="link" label="链接" rules={[{ required: true, whitespace: true, message: '请填写链接' }, { max: 500 }]}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="enabled" label="上线" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
