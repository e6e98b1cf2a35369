/**
 * 退款 Refund requests in tabs by status (待处理 first). 同意 asks the amount (partial allowed, at
 * most what was paid) and 拒绝 a reason; the server answers the request's new state, which
 * replaces the row. Buttons are disabled while a decision is on its way, and the server refunds
 * exactly once anyway (a second decision answers ADMIN_REFUND_DECIDED).
 */
import { Button, Card, Empty, Flex, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
// The shell's antd App (src/app imports antd by path); its context carries message and modal.
import AntdApp from 'antd/es/app';
import type { TableColumnsType } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConsoleErrorCodes } from '@jinfa/shared/console-errors';
import type { AdminRefundRequest } from '@jinfa/shared/admin-people-schemas';
import { ApiError, api } from '../../../lib/api';
import type { Paged } from '../../../lib/api';
import { formatFen, formatTime } from '../../../lib/format';
import { LoadError, errorText } from '../../../lib/load-error';
import { ReasonModal } from '../../../lib/reason-modal';
import { useSearchParams } from '../../../lib/router';
import type { PageProps } from '../../../lib/router';
import { useTableQuery } from '../../../lib/use-table-query';
import { OrderNo } from '../components/order-no';
import { RefundApproveModal } from '../components/refund-approve-modal';
import type { ApproveValues } from '../components/refund-approve-modal';
import { REFUND_STATE, REQUEST_STATUS } from '../labels';

type Tab = 'pending' | 'approved' | 'refused' | 'all';
const TABS: { key: Tab; label: string }[] = [
  { key: 'pending', label: '待处理' },
  { key: 'approved', label: '已同意' },
  { key: 'refused', label: '已拒绝' },
  { key: 'all', label: '全部' },
];
const QUERY_PREFIX = 'admin-refunds';

function tabOf(v: string | null): Tab {
  return TABS.some((t) => t.key === v) ? (v as Tab) : 'pending';
}

type Decision = { kind: 'approve'; id: number; body: ApproveValues } | { kind: 'refuse'; id: number; reason: string };

function decide(d: Decision): Promise<AdminRefundRequest> {
  if (d.kind === 'approve') {
    const body: { amountFen: number; reason?: string } = { amountFen: d.body.amountFen };
    if (d.body.reason) body.reason = d.body.reason;
    return api.post(`/v1/admin/refunds/${d.id}/approve`, body);
  }
  return api.post(`/v1/admin/refunds/${d.id}/refuse`, { reason: d.reason });
}

export function RefundListPage(_props: PageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));
  const { message } = AntdApp.useApp();
  const queryClient = useQueryClient();
  const [approving, setApproving] = useState<AdminRefundRequest | null>(null);
  const [refusing, setRefusing] = useState<AdminRefundRequest | null>(null);

  const { query, tableProps, sortOrderOf } = useTableQuery<AdminRefundRequest>({
    queryKey: `${QUERY_PREFIX}:${tab}`,
    path: tab === 'all' ? '/v1/admin/refunds' : `/v1/admin/refunds?status=${tab}`,
    // The list is sorted by request time only; 待处理 shows the longest waiting first.
    defaultSort: { field: 'createdAt', order: tab === 'pending' ? 'ascend' : 'descend' },
  });

  const mutation = useMutation({
    mutationFn: decide,
    onSuccess: (updated, d) => {
      // The row shows its new state at once; the other tabs refetch when next opened.
      queryClient.setQueriesData<Paged<AdminRefundRequest>>(
        { predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(QUERY_PREFIX) },
        (old) => (old ? { ...old, items: old.items.map((r) => (r.id === updated.id ? updated : r)) } : old),
      );
      void queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(QUERY_PREFIX),
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({ queryKey: ['admin-orders'], refetchType: 'none' });
      setApproving(null);
      setRefusing(null);
      message.success(d.kind === 'approve' ? `已同意退款 ${formatFen(updated.refundedFen ?? updated.amountFen)}` : '已拒绝退款申请');
    },
    onError: (e) => {
      message.error(errorText(e));
      // Bad input keeps the dialog open to be fixed. Anything else may have been decided anyway
      // (already decided elsewhere; approved but the provider refused the refund): show the truth.
      const fixable = e instanceof ApiError && (e.code === ConsoleErrorCodes.ADMIN_REFUND_AMOUNT || e.code === ConsoleErrorCodes.ADMIN_REASON_REQUIRED || e.code === -1);
      if (!fixable) {
        setApproving(null);
        setRefusing(null);
      }
      void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(QUERY_PREFIX) });
    },
  });
  const busyId = mutation.isPending ? mutation.variables?.id : undefined;

  const columns: TableColumnsType<AdminRefundRequest> = [
    {
      title: '申请时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 140,
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      render: (v: number) => formatTime(v),
    },
    {
      title: '订单',
      key: 'order',
      width: 210,
      render: (_, r) => (
        <Flex vertical>
          <OrderNo no={r.orderNo} link />
          <Typography.Text type="secondary" ellipsis={{ tooltip: r.description }} style={{ fontSize: 12, maxWidth: 220 }}>
            {r.description || '—'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: '买家',
      key: 'buyer',
      width: 110,
      render: (_, r) => (
        <Flex vertical>
          <span>{r.buyerName || `用户 ${r.userId}`}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.phoneMasked || '—'}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: '实付', dataIndex: 'paidFen', key: 'paidFen', width: 90, align: 'right', render: (v: number) => formatFen(v) },
    {
      title: '申请退款',
      key: 'amount',
      width: 100,
      align: 'right',
      render: (_, r) => (
        <Flex vertical align="flex-end">
          <Typography.Text strong>{formatFen(r.amountFen)}</Typography.Text>
          {r.refundedFen !== null && r.refundedFen !== r.amountFen ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              实退 {formatFen(r.refundedFen)}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: '原因',
      dataIndex: 'reason',
      key: 'reason',
      ellipsis: { showTitle: false },
      render: (v: string) => (
        <Tooltip title={v} placement="topLeft">
          <span>{v || '—'}</span>
        </Tooltip>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, r) => {
        const s = REQUEST_STATUS[r.status];
        const rf = r.refundStatus ? REFUND_STATE[r.refundStatus] : undefined;
        const tags = (
          <Space size={4} wrap>
            <Tag color={s?.color ?? '#595959'}>{s?.text ?? r.status}</Tag>
            {rf ? <Tag color={rf.color}>{rf.text}</Tag> : null}
          </Space>
        );
        if (r.status === 'pending') return tags;
        const note = `${formatTime(r.decidedAt)} 处理${r.decisionReason ? `：${r.decisionReason}` : ''}`;
        return (
          <Tooltip title={note}>
            <span data-testid={`refund-status-${r.id}`}>{tags}</span>
          </Tooltip>
        );
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, r) =>
        r.status === 'pending' ? (
          <Space>
            <Button
              type="primary"
              size="small"
              disabled={busyId !== undefined}
              loading={busyId === r.id && mutation.variables?.kind === 'approve'}
              onClick={() => {
                mutation.reset();
                setApproving(r);
              }}
              data-testid={`refund-approve-${r.id}`}
            >
              同意
            </Button>
            <Button
              danger
              size="small"
              disabled={busyId !== undefined}
              loading={busyId === r.id && mutation.variables?.kind === 'refuse'}
              onClick={() => {
                mutation.reset();
                setRefusing(r);
              }}
              data-testid={`refund-refuse-${r.id}`}
            >
              拒绝
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">已处理</Typography.Text>
        ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        退款
      </Typography.Title>
      <Card>
        <Tabs activeKey={tab} items={TABS.map((t) => ({ key: t.key, label: t.label }))} onChange={(k) => setSearchParams(k === 'pending' ? {} : { tab: k })} />
        {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<AdminRefundRequest>
          {...tableProps}
          columns={columns}
          size="middle"
          scroll={{ x: 1080 }}
          locale={{ emptyText: <Empty description={tab === 'pending' ? '没有待处理的退款申请' : '没有退款申请'} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        />
      </Card>

      <RefundApproveModal
        request={approving}
        pending={mutation.isPending}
        onCancel={() => setApproving(null)}
        onSubmit={(body) => {
          if (approving && !mutation.isPending) return mutation.mutateAsync({ kind: 'approve', id: approving.id, body }).catch(() => undefined);
        }}
      />
      <ReasonModal
        open={refusing !== null}
        title="拒绝退款申请"
        description={refusing ? `订单 ${refusing.orderNo}，申请退款 ${formatFen(refusing.amountFen)}。用户会看到拒绝原因。` : undefined}
        label="拒绝原因"
        okText="拒绝"
        danger
        pending={mutation.isPending}
        onCancel={() => setRefusing(null)}
        onSubmit={(reason) => {
          if (refusing && !mutation.isPending) return mutation.mutateAsync({ kind: 'refuse', id: refusing.id, reason }).catch(() => undefined);
        }}
      />
    </Space>
  );
}
