/**
 * 订单 Orders of every kind: search by order number or buyer phone, filter by status, kind and
 * the day range they were placed (Beijing days), newest first; 导出 CSV downloads
 * `/v1/admin/orders.csv` with the same filters. Everything lives in the address.
 */
import { Button, Card, DatePicker, Flex, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useEffect, useMemo, useState } from 'react';
import type { Dayjs } from 'dayjs';
import type { AdminOrderListItem } from '@jinfa/shared/admin-people-schemas';
import { dayjs, formatDate, formatFen, formatTime, startOfDayMs } from '../../../lib/format';
import { Link, useSearchParams } from '../../../lib/router';
import type { PageProps } from '../../../lib/router';
import { hasRole, useSession } from '../../../lib/session';
import { useTableQuery } from '../../../lib/use-table-query';
import { ClearFilters, ListTable, SearchFilter } from '../../../lib/list-parts';
import { OrderNo } from '../components/order-no';
import { orderCsvHref } from '../csv';
import { KIND_FILTER_OPTIONS, ORDER_STATUS, ORDER_STATUS_OPTIONS, PROVIDER_LABELS, REFUND_STATE, kindLabel } from '../labels';

const FILTERS = ['q', 'status', 'kind', 'from', 'to'] as const;

type OrderRow = AdminOrderListItem & { kindName?: string };

function dayOf(ms: string | undefined): Dayjs | null {
  if (!ms || !/^\d+$/.test(ms)) return null;
  return dayjs(formatDate(Number(ms)));
}

export function OrderListPage(_props: PageProps) {
  const { operator } = useSession();
  const mayOpenLearners = hasRole(operator, 'owner', 'reviewer');
  const { query, tableProps, filters, setFilters, sortOrderOf, apiQuery } = useTableQuery<OrderRow>({
    queryKey: 'admin-orders',
    path: '/v1/admin/orders',
    filters: FILTERS,
    defaultSort: { field: 'createdAt', order: 'descend' },
  });
  const [, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(filters.q ?? '');
  useEffect(() => setSearch(filters.q ?? ''), [filters.q]);
  const anyFilter = FILTERS.some((k) => filters[k] !== undefined);
  const range = useMemo<[Dayjs | null, Dayjs | null] | null>(() => {
    const a = dayOf(filters.from);
    // `to` is exclusive: the start of the day after the last one picked.
    const b = filters.to && /^\d+$/.test(filters.to) ? dayOf(String(Number(filters.to) - 1)) : null;
    return a || b ? [a, b] : null;
  }, [filters.from, filters.to]);

  const columns: TableColumnsType<OrderRow> = [
    { title: '订单号', dataIndex: 'orderNo', key: 'orderNo', width: 180, render: (v: string) => <OrderNo no={v} /> },
    {
      title: '买家',
      key: 'buyer',
      width: 120,
      render: (_, r) => (
        <Flex vertical>
          {mayOpenLearners ? <Link to={`/learners/${r.userId}`}>{r.buyerName || `用户 ${r.userId}`}</Link> : <span>{r.buyerName || `用户 ${r.userId}`}</span>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.phoneMasked || '—'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: '商品',
      dataIndex: 'description',
      key: 'description',
      ellipsis: { showTitle: false },
      render: (v: string) => (
        <Tooltip title={v} placement="topLeft">
          <span>{v || '—'}</span>
        </Tooltip>
      ),
    },
    { title: '类型', key: 'kind', width: 70, render: (_, r) => kindLabel(r.kindName, r.kind) },
    { title: '金额', dataIndex: 'amountFen', key: 'amountFen', width: 100, align: 'right', render: (v: number) => <Typography.Text strong>{formatFen(v)}</Typography.Text> },
    {
      title: '状态',
      key: 'status',
      width: 110,
      render: (_, r) => {
        const s = ORDER_STATUS[r.status];
        const rf = r.refundStatus ? REFUND_STATE[r.refundStatus] : undefined;
        return (
          <Space size={4} wrap>
            <Tag color={s?.color ?? '#595959'}>{s?.text ?? r.status}</Tag>
            {rf && !(r.status === 'refunded' && r.refundStatus === 'success') ? <Tag color={rf.color}>{rf.text}</Tag> : null}
          </Space>
        );
      },
    },
    {
      title: '下单时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 145,
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      render: (v: number) => formatTime(v),
    },
    {
      title: '支付时间',
      dataIndex: 'paidAt',
      key: 'paidAt',
      width: 145,
      render: (v: number | null, r) =>
        v ? (
          <Tooltip title={`${PROVIDER_LABELS[r.provider] ?? r.provider}${r.transactionId ? ` · ${r.transactionId}` : ''}`}>
            <span>{formatTime(v)}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">未支付</Typography.Text>
        ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          订单
        </Typography.Title>
        <Button icon={<DownloadOutlined />} href={orderCsvHref(apiQuery)} download data-testid="orders-csv">
          导出 CSV
        </Button>
      </Flex>
      <Card>
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          <SearchFilter
            label="搜索订单号或手机号"
            placeholder="订单号或买家手机号"
            value={search}
            onChange={setSearch}
            onSearch={(q) => setFilters({ q })}
            testId="orders-search"
          />
          <Select
            aria-label="订单状态"
            placeholder="订单状态"
            allowClear
            value={filters.status}
            options={ORDER_STATUS_OPTIONS}
            onChange={(v?: string) => setFilters({ status: v })}
            style={{ width: 130 }}
            data-testid="orders-status"
          />
          <Select
            aria-label="订单类型"
            placeholder="订单类型"
            allowClear
            value={filters.kind}
            options={KIND_FILTER_OPTIONS}
            onChange={(v?: string) => setFilters({ kind: v })}
            style={{ width: 130 }}
          />
          <DatePicker.RangePicker
            aria-label="下单日期"
            placeholder={['下单开始日期', '结束日期']}
            value={range}
            allowEmpty={[true, true]}
            onChange={(v) => {
              const [a, b] = v ?? [null, null];
              setFilters({
                from: a ? startOfDayMs(a.format('YYYY-MM-DD')) : undefined,
                to: b ? startOfDayMs(b.add(1, 'day').format('YYYY-MM-DD')) : undefined,
              });
            }}
            style={{ width: 280 }}
          />
          <ClearFilters shown={anyFilter} onClear={() => setSearchParams({})} />
        </Flex>
        <ListTable<OrderRow> {...tableProps} query={query} columns={columns} scrollX={1100} filtered={anyFilter} noun="订单" />
      </Card>
    </Space>
  );
}
