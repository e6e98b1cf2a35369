import { Alert, Card, Col, Empty, Flex, Row, Segmented, Skeleton, Statistic, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { AuditOutlined, ExclamationCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import type { PageProps } from '../../../lib/router';
import { formatFen, secondsToHours } from '../../../lib/format';
import { hasRole, useSession } from '../../../lib/session';
import type { OperatorRole } from '../../../lib/session';
import { useDashboard } from '../api/get-dashboard';
import type { Dashboard, DashboardDays } from '../api/get-dashboard';
import { TrendChart } from '../components/trend-chart';
import './dashboard-page.css';

const RANGES: { label: string; value: DashboardDays }[] = [
  { label: '今日', value: 1 },
  { label: '近7天', value: 7 },
  { label: '近30天', value: 30 },
];

type TopCourse = Dashboard['topCourses'][number];

/** Seven days by default: a trend of one day is a single bar. */
function parseDays(value: string | null): DashboardDays {
  return value === '1' ? 1 : value === '30' ? 30 : 7;
}

function WaitingCard(props: { to: string; title: string; count: number | undefined; icon: ReactNode; canOpen: boolean }) {
  const body = (
    <Flex align="center" gap={16}>
      <span className="waiting-icon" aria-hidden="true">
        {props.icon}
      </span>
      <div>
        <div className="waiting-title">{props.title}</div>
        <div className="waiting-count">{props.count ?? '—'}</div>
      </div>
    </Flex>
  );
  return (
    <Card size="small" className="waiting-card" hoverable={props.canOpen}>
      {props.canOpen ? (
        <Link to={props.to} className="waiting-link" aria-label={`${props.title}：${props.count ?? 0} 项，点击处理`}>
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}

export function DashboardPage(_props: PageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const days = parseDays(searchParams.get('days'));
  const { operator } = useSession();
  const { data, error, isPending, isFetching } = useDashboard(days);
  const may = (...roles: OperatorRole[]) => hasRole(operator, ...roles);

  const courseColumns: TableColumnsType<TopCourse> = [
    { title: '排名', key: 'rank', width: 72, render: (_v, _r, i) => i + 1 },
    {
      title: '课程',
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, row) => (may('owner', 'operator') ? <Link to={`/courses/${row.courseId}`}>{title}</Link> : title),
    },
    { title: '订单', dataIndex: 'orders', width: 100, align: 'right' },
    { title: '销售额', dataIndex: 'salesFen', width: 140, align: 'right', render: (fen: number) => formatFen(fen) },
  ];

  const totals = data?.totals;
  return (
    <div className="dashboard">
      <Flex justify="space-between" align="center" wrap gap={16} className="page-head">
        <Typography.Title level={2} style={{ margin: 0 }}>
          仪表盘
        </Typography.Title>
        <Segmented<DashboardDays>
          aria-label="统计时间范围"
          options={RANGES}
          value={days}
          onChange={(value) => setSearchParams(value === 7 ? {} : { days: value }, { replace: true })}
        />
      </Flex>

      {error && <Alert type="error" showIcon title="数据加载失败" description={error.message} style={{ marginBottom: 16 }} />}

      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title="销售额" value={totals ? formatFen(totals.salesFen) : '—'} loading={isPending} />
            <div className="stat-note">{totals ? `退款 ${formatFen(totals.refundsFen)}` : ' '}</div>
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title="订单" value={totals?.orders ?? '—'} suffix={totals ? '笔' : undefined} loading={isPending} />
            <div className="stat-note">{totals ? `已支付 ${totals.paidOrders} 笔` : ' '}</div>
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title="新学员" value={totals?.newLearners ?? '—'} suffix={totals ? '人' : undefined} loading={isPending} />
            <div className="stat-note">注册的新用户</div>
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic
              title="学习时长"
              value={totals ? secondsToHours(totals.learningSeconds) : '—'}
              precision={totals ? 1 : undefined}
              suffix={totals ? '小时' : undefined}
              loading={isPending}
            />
            <div className="stat-note">按服务器计时</div>
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={16}>
          <Card title="趋势" className="chart-card" loading={isPending}>
            {data && data.series.length > 0 ? <TrendChart series={data.series} /> : <Empty description="暂无数据" />}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="待处理" className="waiting-panel">
            <Flex vertical gap={12}>
              <WaitingCard
                to="/learners?auditStatus=0"
                title="待审核资料"
                count={data?.waiting.profiles}
                icon={<AuditOutlined />}
                canOpen={may('owner', 'reviewer')}
              />
              <WaitingCard to="/refunds" title="待处理退款" count={data?.waiting.refunds} icon={<RollbackOutlined />} canOpen={may('owner', 'finance')} />
              <WaitingCard
                to="/anomalies"
                title="支付异常"
                count={data?.waiting.anomalies}
                icon={<ExclamationCircleOutlined />}
                canOpen={may('owner', 'finance')}
              />
            </Flex>
          </Card>
        </Col>
      </Row>

      <Card title="热销课程" style={{ marginTop: 16 }}>
        {isPending ? (
          <Skeleton active />
        ) : (
          <Table<TopCourse>
            rowKey="courseId"
            size="middle"
            columns={courseColumns}
            dataSource={data?.topCourses ?? []}
            pagination={false}
            loading={isFetching && !isPending}
            locale={{ emptyText: '该时间段内没有成交的课程' }}
          />
        )}
      </Card>
    </div>
  );
}
