/**
 * 评价 Reviews moderation: appraisals (with their stars) and comments in tabs, filtered by shown /
 * hidden, course and text; hide or restore with a reason (the audit log keeps it). The tab, the
 * filters, the page and the sort live in the address.
 */
import { Button, Card, Empty, Flex, Rate, Select, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
// The shell's antd App (src/app imports antd by path); its context carries message and modal.
import AntdApp from 'antd/es/app';
import type { TableColumnsType } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminAppraisalItem, AdminCommentItem, AdminHiddenState } from '@jinfa/shared/admin-people-schemas';
import { api } from '../../../lib/api';
import type { Paged } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import { LoadError, errorText } from '../../../lib/load-error';
import { ReasonModal } from '../../../lib/reason-modal';
import { useSearchParams } from '../../../lib/router';
import type { PageProps } from '../../../lib/router';
import { useTableQuery } from '../../../lib/use-table-query';
import { SearchFilter } from '../../../lib/list-parts';

type Kind = 'appraisals' | 'comments';
type Item = AdminAppraisalItem | AdminCommentItem;

const KIND_TEXT: Record<Kind, { tab: string; noun: string }> = {
  appraisals: { tab: '评价', noun: '评价' },
  comments: { tab: '评论', noun: '评论' },
};

const FILTERS = ['hidden', 'courseId', 'q'] as const;

const VISIBILITY_OPTIONS = [
  { value: 'false', label: '显示中' },
  { value: 'true', label: '已隐藏' },
];

function isAppraisal(item: Item): item is AdminAppraisalItem {
  return 'score' in item;
}

function ReviewTable({ kind }: { kind: Kind }) {
  const { message } = AntdApp.useApp();
  const queryClient = useQueryClient();
  const queryKey = `admin-${kind}`;
  const { query, tableProps, filters, setFilters, sortOrderOf } = useTableQuery<Item>({
    queryKey,
    path: `/v1/admin/${kind}`,
    filters: FILTERS,
    defaultSort: { field: 'createdAt', order: 'descend' },
  });
  const [search, setSearch] = useState(filters.q ?? '');
  useEffect(() => setSearch(filters.q ?? ''), [filters.q]);
  const [target, setTarget] = useState<Item | null>(null);
  const noun = KIND_TEXT[kind].noun;
  const anyFilter = FILTERS.some((k) => filters[k] !== undefined);

  const mutation = useMutation({
    mutationFn: ({ item, reason }: { item: Item; reason: string }) =>
      api.post<AdminHiddenState>(`/v1/admin/${kind}/${item.id}/hidden`, { hidden: !item.hidden, reason }),
    onSuccess: (state) => {
      queryClient.setQueriesData<Paged<Item>>({ queryKey: [queryKey] }, (old) =>
        old
          ? {
              ...old,
              items: old.items.map((r) =>
                r.id === state.id ? { ...r, hidden: state.hidden, hiddenReason: state.hiddenReason, hiddenAt: state.hidden ? Date.now() : null } : r,
              ),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: [queryKey], refetchType: 'none' });
      setTarget(null);
      message.success(state.hidden ? `已隐藏该${noun}` : `已恢复显示该${noun}`);
    },
    onError: (e) => message.error(errorText(e)),
  });
  const busyId = mutation.isPending ? mutation.variables?.item.id : undefined;

  const courseTitle = filters.courseId ? (query.data?.items.find((r) => String(r.courseId) === filters.courseId)?.courseTitle ?? `课程 #${filters.courseId}`) : null;

  const columns: TableColumnsType<Item> = [
    ...(kind === 'appraisals'
      ? ([
          {
            title: '评分',
            key: 'score',
            width: 170,
            render: (_: unknown, r: Item) =>
              isAppraisal(r) ? (
                <Flex align="center" gap={6}>
                  <Rate disabled value={r.score} style={{ fontSize: 14, color: '#d46b08' }} aria-hidden="true" />
                  <span aria-label={`${r.score} 星`}>{r.score} 星</span>
                </Flex>
              ) : null,
          },
        ] as TableColumnsType<Item>)
      : []),
    {
      title: '内容',
      dataIndex: 'content',
      key: 'content',
      render: (v: string, r) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2, expandable: 'collapsible', symbol: (expanded: boolean) => (expanded ? '收起' : '展开') }}
          style={{ margin: 0, maxWidth: 520, whiteSpace: 'pre-wrap' }}
          type={r.hidden ? 'secondary' : undefined}
        >
          {v || '（无文字）'}
        </Typography.Paragraph>
      ),
    },
    {
      title: '课程',
      key: 'course',
      width: 200,
      render: (_, r) => (
        <Tooltip title="只看这门课程">
          <Button type="link" size="small" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => setFilters({ courseId: r.courseId })}>
            {r.courseTitle || `课程 #${r.courseId}`}
          </Button>
        </Tooltip>
      ),
    },
    { title: '用户', dataIndex: 'userName', key: 'userName', width: 110, render: (v: string, r) => v || `用户 ${r.userId}` },
    {
      title: '发表时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      render: (v: number) => formatTime(v),
    },
    {
      title: '状态',
      key: 'hidden',
      width: 100,
      render: (_, r) =>
        r.hidden ? (
          <Tooltip title={`${r.hiddenAt ? `${formatTime(r.hiddenAt)} ` : ''}隐藏${r.hiddenReason ? `：${r.hiddenReason}` : ''}`}>
            <Tag color="#595959" data-testid={`review-hidden-${r.id}`}>
              已隐藏
            </Tag>
          </Tooltip>
        ) : (
          <Tag color="#237804">显示中</Tag>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, r) => (
        <Button
          size="small"
          danger={!r.hidden}
          icon={r.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          disabled={busyId !== undefined}
          loading={busyId === r.id}
          onClick={() => {
            mutation.reset();
            setTarget(r);
          }}
          data-testid={`review-toggle-${r.id}`}
        >
          {r.hidden ? '恢复' : '隐藏'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <SearchFilter
          label={`搜索${noun}内容`}
          placeholder={`搜索${noun}内容`}
          value={search}
          onChange={setSearch}
          onSearch={(q) => setFilters({ q })}
        />
        <Select
          aria-label="显示状态"
          placeholder="显示 / 已隐藏"
          allowClear
          value={filters.hidden}
          options={VISIBILITY_OPTIONS}
          onChange={(v?: string) => setFilters({ hidden: v })}
          style={{ width: 140 }}
        />
        {courseTitle ? (
          <Tag closable closeIcon={<span aria-label="取消课程筛选">×</span>} onClose={() => setFilters({ courseId: undefined })} style={{ padding: '4px 8px', fontSize: 14 }}>
            课程：{courseTitle}
          </Tag>
        ) : (
          <Typography.Text type="secondary">点击课程名只看该课程</Typography.Text>
        )}
        {anyFilter ? (
          <Button type="link" onClick={() => setFilters({ hidden: undefined, courseId: undefined, q: undefined })}>
            清除筛选
          </Button>
        ) : null}
      </Flex>
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<Item>
        {...tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: kind === 'appraisals' ? 1100 : 950 }}
        locale={{ emptyText: <Empty description={anyFilter ? `没有符合条件的${noun}` : `还没有${noun}`} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      />
      <ReasonModal
        open={target !== null}
        title={target?.hidden ? `恢复显示该${noun}` : `隐藏该${noun}`}
        description={
          target ? (
            <>
              <Typography.Text type="secondary">{target.userName || `用户 ${target.userId}`}：</Typography.Text>
              {target.content.length > 80 ? `${target.content.slice(0, 80)}…` : target.content}
            </>
          ) : undefined
        }
        label={target?.hidden ? '恢复原因' : '隐藏原因'}
        okText={target?.hidden ? '恢复' : '隐藏'}
        danger={!target?.hidden}
        pending={mutation.isPending}
        onCancel={() => setTarget(null)}
        onSubmit={(reason) => {
          if (target && !mutation.isPending) return mutation.mutateAsync({ item: target, reason }).catch(() => undefined);
        }}
      />
    </>
  );
}

export function ReviewsPage(_props: PageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Kind = searchParams.get('tab') === 'comments' ? 'comments' : 'appraisals';

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        评价与评论
      </Typography.Title>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => setSearchParams(k === 'comments' ? { tab: 'comments' } : {})}
          items={(['appraisals', 'comments'] as const).map((k) => ({ key: k, label: KIND_TEXT[k].tab }))}
        />
        <ReviewTable key={tab} kind={tab} />
      </Card>
    </Space>
  );
}
