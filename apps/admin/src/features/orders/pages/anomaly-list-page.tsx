/**
 * 支付异常 Payment anomalies (decision 019): correctly signed notifications that named another
 * app, merchant, currency or amount than the order's. Nothing was granted for them; each row
 * shows what came against what was expected, the mismatching field first.
 */
import { Alert, Card, Empty, Flex, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { AdminPayAnomalyItem } from '@jinfa/shared/admin-people-schemas';
import { formatFen, formatTime } from '../../../lib/format';
import { LoadError } from '../../../lib/load-error';
import type { PageProps } from '../../../lib/router';
import { useTableQuery } from '../../../lib/use-table-query';
import { OrderNo } from '../components/order-no';
import { ANOMALY_KIND, PROVIDER_LABELS } from '../labels';

type Value = string | number | null | undefined;

const FIELD_LABELS: Record<string, string> = {
  appid: '应用 ID',
  mchid: '商户号',
  currency: '币种',
  amountFen: '金额',
  tradeState: '交易状态',
};

/** The summary key an anomaly kind is about. */
const FIELD_OF_KIND: Record<string, string> = { appid: 'appid', mchid: 'mchid', currency: 'currency', amount: 'amountFen' };

function show(key: string, v: Value): string {
  if (v === null || v === undefined || v === '') return '—';
  if (key === 'amountFen' && typeof v === 'number') return formatFen(v);
  return String(v);
}

interface CompareRow {
  key: string;
  label: string;
  received: string;
  expected: string;
  differs: boolean;
}

function compareRows(a: AdminPayAnomalyItem): CompareRow[] {
  const keys = Array.from(new Set([...Object.keys(a.received), ...Object.keys(a.expected)]));
  const main = FIELD_OF_KIND[a.kind];
  keys.sort((x, y) => (x === main ? -1 : y === main ? 1 : 0));
  return keys.map((k) => {
    const r = a.received[k];
    const e = a.expected[k];
    return { key: k, label: FIELD_LABELS[k] ?? k, received: show(k, r), expected: show(k, e), differs: k in a.expected && k in a.received && r !== e };
  });
}

const compareColumns: TableColumnsType<CompareRow> = [
  { title: '字段', dataIndex: 'label', key: 'label', width: 120 },
  {
    title: '通知中收到',
    dataIndex: 'received',
    key: 'received',
    render: (v: string, r) => (r.differs ? <Typography.Text type="danger" strong>{v}</Typography.Text> : v),
  },
  { title: '应为', dataIndex: 'expected', key: 'expected' },
];

export function AnomalyListPage(_props: PageProps) {
  const { query, tableProps } = useTableQuery<AdminPayAnomalyItem>({ queryKey: 'admin-pay-anomalies', path: '/v1/admin/pay-anomalies' });

  const columns: TableColumnsType<AdminPayAnomalyItem> = [
    { title: '收到时间', dataIndex: 'createdAt', key: 'createdAt', width: 150, render: (v: number) => formatTime(v) },
    {
      title: '异常',
      dataIndex: 'kind',
      key: 'kind',
      width: 120,
      render: (v: string) => {
        const l = ANOMALY_KIND[v];
        return <Tag color={l?.color ?? '#cf1322'}>{l?.text ?? v}</Tag>;
      },
    },
    {
      title: '差异',
      key: 'diff',
      render: (_, a) => {
        const main = compareRows(a).find((r) => r.differs) ?? compareRows(a)[0];
        if (!main) return '—';
        return (
          <span>
            {main.label}：收到 <Typography.Text strong>{main.received}</Typography.Text>，应为 <Typography.Text strong>{main.expected}</Typography.Text>
          </span>
        );
      },
    },
    {
      title: '订单号',
      dataIndex: 'orderNo',
      key: 'orderNo',
      width: 210,
      render: (v: string, a) =>
        a.orderId !== null ? (
          <OrderNo no={v} link />
        ) : (
          <Flex vertical>
            <OrderNo no={v} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              不是本站订单
            </Typography.Text>
          </Flex>
        ),
    },
    {
      title: '支付渠道 / 交易号',
      key: 'transaction',
      width: 220,
      render: (_, a) => (
        <Flex vertical>
          <span>{PROVIDER_LABELS[a.provider] ?? a.provider}</span>
          <OrderNo no={a.transactionId} what="交易号" />
        </Flex>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        支付异常
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        title="签名正确但与订单不符的支付通知"
        description="这些通知的应用、商户、币种或金额与订单不一致，系统没有为它们开通课程或会员。对账时请与支付渠道的账单核对；超时未通知的订单由系统自动向渠道查询补单。"
      />
      <Card>
        {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<AdminPayAnomalyItem>
          {...tableProps}
          columns={columns}
          size="middle"
          scroll={{ x: 1000 }}
          expandable={{
            expandedRowRender: (a) => <Table<CompareRow> rowKey="key" size="small" pagination={false} columns={compareColumns} dataSource={compareRows(a)} />,
          }}
          locale={{ emptyText: <Empty description="没有支付异常" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        />
      </Card>
    </Space>
  );
}
