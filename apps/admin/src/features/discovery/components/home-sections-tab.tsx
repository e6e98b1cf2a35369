/**
 * 首页专区: the courses of each home section (home_list_type) in the order the H5 home shows them
 * (higher 排序值 first). Moving a course, changing its order or taking it out is the course's own
 * edit (`PATCH /v1/admin/courses/:id {homeListType, sort}`); a course off the shelf is listed but
 * learners do not see it.
 */
import { Button, Card, Flex, Form, InputNumber, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import AntdApp from 'antd/es/app';
import type { TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminHomeCourse, AdminHomeSections } from '@jinfa/shared/admin-discovery-schemas';
import { api } from '../../../lib/api';
import { LoadError, errorText } from '../../../lib/load-error';
import { Link } from '../../../lib/router';

const KEY = ['admin-home-sections'];

interface Placement {
  courseId: number;
  homeListType: number | null;
  sort?: number;
}

function SortInput({ course, onSave, busy }: { course: AdminHomeCourse; onSave: (sort: number) => void; busy: boolean }) {
  const [value, setValue] = useState<number | null>(course.sort);
  return (
    <Space.Compact>
      <InputNumber min={0} max={999999} precision={0} value={value} onChange={setValue} aria-label={`「${course.title}」的排序值`} style={{ width: 100 }} />
      <Button disabled={value === null || value === course.sort} loading={busy} onClick={() => value !== null && onSave(value)} aria-label={`保存「${course.title}」的排序值`}>
        保存
      </Button>
    </Space.Compact>
  );
}

export function HomeSectionsTab() {
  const { message } = AntdApp.useApp();
  const client = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => api.get<AdminHomeSections>('/v1/admin/home-sections') });
  const sections = query.data?.sections ?? [];
  const sectionOptions = sections.map((s) => ({ value: s.type, label: s.title }));
  const [form] = Form.useForm<{ courseId: number; homeListType: number; sort?: number }>();

  const place = useMutation({
    mutationFn: (p: Placement) => api.patch<unknown>(`/v1/admin/courses/${p.courseId}`, { homeListType: p.homeListType, ...(p.sort === undefined ? {} : { sort: p.sort }) }),
    onSuccess: (_, p) => {
      void client.invalidateQueries({ queryKey: KEY });
      message.success(p.homeListType === null ? '已移出专区' : '已保存');
    },
    onError: (e) => message.error(errorText(e)),
  });
  const busy = (id: number) => place.isPending && place.variables?.courseId === id;

  const columns = (type: number): TableColumnsType<AdminHomeCourse> => [
    { title: '课程', key: 'title', render: (_, c) => <Link to={`/courses/${c.id}`}>{c.title}</Link> },
    { title: '状态', key: 'onShelf', width: 90, render: (_, c) => (c.onShelf ? <Tag color="#237804">已上架</Tag> : <Tag>未上架</Tag>) },
    { title: '排序值', key: 'sort', width: 190, render: (_, c) => <SortInput key={c.sort} course={c} busy={busy(c.id)} onSave={(sort) => place.mutate({ courseId: c.id, homeListType: type, sort })} /> },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_, c) => (
        <Space>
          <Select
            size="small"
            value={type}
            options={sectionOptions}
            aria-label={`「${c.title}」所在专区`}
            style={{ width: 130 }}
            onChange={(v: number) => place.mutate({ courseId: c.id, homeListType: v })}
          />
          <Popconfirm title={`把「${c.title}」移出专区？`} okText="移出" cancelText="取消" onConfirm={() => place.mutate({ courseId: c.id, homeListType: null })}>
            <Button size="small" danger aria-label={`把「${c.title}」移出专区`}>
              移出
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">每个专区按排序值从大到小显示；未上架的课程学员看不到。</Typography.Text>
      <Card size="small" title="把课程加入专区">
        <Form
          form={form}
          layout="inline"
          onFinish={(v) => place.mutate({ courseId: v.courseId, homeListType: v.homeListType, ...(v.sort === undefined || v.sort === null ? {} : { sort: v.sort }) }, { onSuccess: () => form.resetFields() })}
        >
          <Form.Item name="courseId" label="课程 ID" rules={[{ required: true, message: '请填写课程 ID' }]}>
            <InputNumber min={1} max={2147483647} precision={0} />
          </Form.Item>
          <Form.Item name="homeListType" label="专区" rules={[{ required: true, message: '请选择专区' }]}>
            <Select options={sectionOptions} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="sort" label="排序值">
            <InputNumber min={0} max={999999} precision={0} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={place.isPending}>
              加入
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {sections.map((s) => (
        <Card key={s.type} size="small" title={`${s.title}（${s.courses.length}）`} loading={query.isLoading}>
          <Table<AdminHomeCourse> rowKey="id" size="small" dataSource={s.courses} columns={columns(s.type)} pagination={false} locale={{ emptyText: '这个专区还没有课程' }} scroll={{ x: 700 }} />
        </Card>
      ))}
    </Flex>
  );
}
