/**
 * One learner: the profile, its review (通过 / 不通过 with the reason the learner reads), lock and
 * blacklist (owner only) with a reason, memberships, recent orders and the learning time the
 * server credited. Each write answers the learner's new state, which replaces the cached one.
 */
import { ORDER_STATUS, OrderNo, kindLabel } from '../../orders';
import { Button, Card, Col, Descriptions, Empty, Flex, Result, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
// The shell's antd App (src/app imports antd by path); its context carries message and modal.
import AntdApp from 'antd/es/app';
import type { DescriptionsProps, TableColumnsType } from 'antd';
import { ArrowLeftOutlined, CheckOutlined, CloseOutlined, GiftOutlined, LockOutlined, StopOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConsoleErrorCodes } from '@jinfa/shared/console-errors';
import type { AdminLearnerDetail, AdminLearnerMembership, AdminLearnerMembershipState, AdminLearnerState, AdminOrderListItem } from '@jinfa/shared/admin-people-schemas';
import { ApiError, api } from '../../../lib/api';
import { formatDate, formatDuration, formatFen, formatTime, secondsToHours } from '../../../lib/format';
import { LoadError, errorText } from '../../../lib/load-error';
import { ReasonModal } from '../../../lib/reason-modal';
import { Link } from '../../../lib/router';
import type { PageProps } from '../../../lib/router';
import { hasRole, useSession } from '../../../lib/session';
import { GrantMembershipModal, type GrantValues } from '../components/grant-membership-modal';
import { AUDIT_RESULT_LABELS, USER_TYPE_LABELS, auditLabel } from '../labels';

type Action = 'pass' | 'fail' | 'lock' | 'unlock' | 'blacklist' | 'unblacklist';

interface ActionText {
  title: string;
  description: string;
  label: string;
  okText: string;
  required: boolean;
  danger?: boolean;
}

const ACTIONS: Record<Action, ActionText> = {
  pass: { title: '通过资料审核', description: '通过后用户即可正常报名和学习。', label: '备注', okText: '通过', required: false },
  fail: { title: '资料审核不通过', description: '用户会在“我的资料”里看到这个原因，修改后可重新提交。', label: '不通过原因', okText: '不通过', required: true, danger: true },
  lock: { title: '锁定账号', description: '锁定后用户的登录会立即失效，且无法再登录，直到解锁。', label: '锁定原因', okText: '锁定', required: true, danger: true },
  unlock: { title: '解锁账号', description: '解锁后用户可以重新登录。', label: '解锁原因', okText: '解锁', required: true },
  blacklist: { title: '加入黑名单', description: '黑名单用户无法登录、报名或购买，登录会立即失效。', label: '原因', okText: '加入黑名单', required: true, danger: true },
  unblacklist: { title: '移出黑名单', description: '移出后用户可以重新登录。', label: '原因', okText: '移出黑名单', required: true },
};

const SUCCESS_TEXT: Record<Action, string> = {
  pass: '已通过审核',
  fail: '已标记为不通过',
  lock: '账号已锁定',
  unlock: '账号已解锁',
  blacklist: '已加入黑名单',
  unblacklist: '已移出黑名单',
};

function requestOf(id: string, action: Action, reason: string): Promise<AdminLearnerState> {
  const base = `/v1/admin/learners/${encodeURIComponent(id)}`;
  switch (action) {
    case 'pass':
      return api.post(`${base}/review`, reason ? { pass: true, remark: reason } : { pass: true });
    case 'fail':
      return api.post(`${base}/review`, { pass: false, remark: reason });
    case 'lock':
    case 'unlock':
      return api.post(`${base}/lock`, { locked: action === 'lock', reason });
    case 'blacklist':
    case 'unblacklist':
      return api.post(`${base}/blacklist`, { blacklisted: action === 'blacklist', reason });
  }
}

function text(v: string | null | undefined) {
  return v ? v : <Typography.Text type="secondary">未填写</Typography.Text>;
}

export function LearnerDetailPage({ params }: PageProps) {
  const id = params.id ?? '';
  const { operator } = useSession();
  const { message } = AntdApp.useApp();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const queryKey = ['admin-learner', id];

  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<AdminLearnerDetail>(`/v1/admin/learners/${encodeURIComponent(id)}`, undefined, { signal }),
    enabled: /^\d+$/.test(id),
  });

  const mutation = useMutation({
    mutationFn: ({ action: a, reason }: { action: Action; reason: string }) => requestOf(id, a, reason),
    onSuccess: (state, { action: a }) => {
      queryClient.setQueryData<AdminLearnerDetail>(queryKey, (old) => (old ? { ...old, ...state, reviewable: old.reviewable } : old));
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: ['admin-learners'] });
      setAction(null);
      message.success(SUCCESS_TEXT[a]);
    },
    onError: (e) => message.error(errorText(e)),
  });

  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<AdminLearnerMembership | null>(null);
  const afterMembership = (state: AdminLearnerMembershipState) => {
    queryClient.setQueryData<AdminLearnerDetail>(queryKey, (old) =>
      old ? { ...old, userType: state.userType, memberExpireAt: state.memberExpireAt, memberships: state.memberships } : old,
    );
    void queryClient.invalidateQueries({ queryKey });
    void queryClient.invalidateQueries({ queryKey: ['admin-learners'] });
  };
  const grant = useMutation({
    mutationFn: (v: GrantValues) => api.post<AdminLearnerMembershipState>(`/v1/admin/learners/${encodeURIComponent(id)}/memberships`, v),
    onSuccess: (state) => {
      afterMembership(state);
      setGranting(false);
      message.success('已授予会员');
    },
    onError: (e) => message.error(errorText(e)),
  });
  const revoke = useMutation({
    mutationFn: ({ grantId, reason }: { grantId: number; reason: string }) =>
      api.post<AdminLearnerMembershipState>(`/v1/admin/learners/${encodeURIComponent(id)}/memberships/${grantId}/revoke`, { reason }),
    onSuccess: (state) => {
      afterMembership(state);
      setRevoking(null);
      message.success('会员已撤销');
    },
    onError: (e) => message.error(errorText(e)),
  });

  if (!/^\d+$/.test(id) || (query.error instanceof ApiError && query.error.code === ConsoleErrorCodes.ADMIN_NOT_FOUND)) {
    return <Result status="404" title="用户不存在" extra={<Link to="/learners">返回用户列表</Link>} />;
  }
  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  const l = query.data;
  const audit = auditLabel(l.auditStatus, l.auditSubmittedAt);
  const mayBlacklist = hasRole(operator, 'owner');
  // Granting or revoking paid access is the owner's decision (docs/console.md).
  const mayGrant = hasRole(operator, 'owner');
  const maySeeOrders = hasRole(operator, 'owner', 'finance');
  const pending = mutation.isPending;
  const open = (a: Action) => {
    mutation.reset();
    setAction(a);
  };

  const profile: DescriptionsProps['items'] = [
    { key: 'name', label: '姓名', children: text(l.name) },
    { key: 'nickname', label: '昵称', children: text(l.nickname) },
    { key: 'phone', label: '手机号', children: text(l.phoneMasked) },
    {
      key: 'email',
      label: '邮箱',
      children: l.email ? (
        <Space size={6}>
          {l.email}
          {l.emailVerified ? <Tag color="#237804">已验证</Tag> : <Tag color="#595959">未验证</Tag>}
        </Space>
      ) : (
        text('')
      ),
    },
    { key: 'company', label: '单位', children: text(l.company) },
    { key: 'department', label: '部门', children: text(l.department) },
    { key: 'position', label: '职位', children: text(l.position) },
    { key: 'userType', label: '用户类型', children: USER_TYPE_LABELS[l.userType] ?? `类型 ${l.userType}` },
    { key: 'memberExpireAt', label: '会员到期', children: l.memberExpireAt ? formatDate(l.memberExpireAt) : '—' },
    { key: 'corporate', label: '所属企业', children: l.corporateId !== null ? `企业 #${l.corporateId}` : '—' },
    { key: 'createdAt', label: '注册时间', children: formatTime(l.createdAt) },
    { key: 'id', label: '用户 ID', children: l.id },
  ];

  const membershipColumns: TableColumnsType<AdminLearnerMembership> = [
    { title: '会员方案', dataIndex: 'planName', key: 'planName' },
    { title: '用户类型', dataIndex: 'userType', key: 'userType', render: (v: number) => USER_TYPE_LABELS[v] ?? `类型 ${v}` },
    { title: '开始', dataIndex: 'startsAt', key: 'startsAt', render: (v: number) => formatDate(v) },
    { title: '到期', dataIndex: 'expiresAt', key: 'expiresAt', render: (v: number) => formatDate(v) },
    {
      title: '状态',
      key: 'state',
      render: (_, m) =>
        m.revokedAt !== null ? (
          <Tag color="#595959">已撤销</Tag>
        ) : m.active ? (
          <Tag color="#237804">有效</Tag>
        ) : (
          <Tag color="#595959">已过期</Tag>
        ),
    },
    { title: '来源', key: 'source', render: (_, m) => (m.orderId === null ? '后台授予' : `订单 #${m.orderId}`) },
    ...(mayGrant
      ? [
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, m: AdminLearnerMembership) =>
              m.active ? (
                <Button size="small" danger disabled={revoke.isPending} onClick={() => setRevoking(m)} aria-label={`撤销会员 ${m.planName}`} data-testid={`membership-revoke-${m.grantId}`}>
                  撤销
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  const orderColumns: TableColumnsType<AdminOrderListItem> = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      key: 'orderNo',
      width: 170,
      render: (v: string) => <OrderNo no={v} link={maySeeOrders} />,
    },
    { title: '商品', dataIndex: 'description', key: 'description', ellipsis: true },
    { title: '类型', dataIndex: 'kind', key: 'kind', width: 60, render: (v: number, row) => kindLabel(row.kindName, v) },
    { title: '金额', dataIndex: 'amountFen', key: 'amountFen', width: 100, align: 'right', render: (v: number) => formatFen(v) },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 84,
      render: (v: string) => {
        const s = ORDER_STATUS[v];
        return s ? <Tag color={s.color}>{s.text}</Tag> : v;
      },
    },
    { title: '下单时间', dataIndex: 'createdAt', key: 'createdAt', width: 140, render: (v: number) => formatTime(v) },
  ];

  const act = action ? ACTIONS[action] : null;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <div>
        <Link to="/learners">
          <ArrowLeftOutlined /> 返回用户列表
        </Link>
      </div>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {l.name || l.nickname || `用户 ${l.id}`}
        </Typography.Title>
        <Tag color={audit.color} data-testid="learner-audit-tag">
          {audit.text}
        </Tag>
        {l.locked ? <Tag color="#cf1322">已锁定</Tag> : null}
        {l.blacklisted ? <Tag color="#262626">黑名单</Tag> : null}
      </Flex>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="资料">
              <Descriptions items={profile} column={{ xs: 1, md: 2 }} size="middle" />
            </Card>
            <Card title={`最近订单（共 ${l.orderCount} 笔）`}>
              <Table<AdminOrderListItem>
                rowKey="id"
                columns={orderColumns}
                dataSource={l.recentOrders}
                pagination={false}
                size="small"
                scroll={{ x: 640 }}
                locale={{ emptyText: <Empty description="没有订单" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
              />
            </Card>
            <Card
              title="会员"
              extra={
                mayGrant ? (
                  <Button icon={<GiftOutlined />} onClick={() => setGranting(true)} data-testid="membership-grant">
                    授予会员
                  </Button>
                ) : null
              }
            >
              <Table<AdminLearnerMembership>
                rowKey="grantId"
                columns={membershipColumns}
                dataSource={l.memberships}
                pagination={false}
                size="small"
                locale={{ emptyText: <Empty description="没有会员记录" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
              />
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="资料审核" data-testid="learner-review-card">
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'state', label: '审核状态', children: <Tag color={audit.color}>{audit.text}</Tag> },
                  { key: 'result', label: '用户端显示', children: AUDIT_RESULT_LABELS[l.auditResult] ?? l.auditResult },
                  { key: 'submittedAt', label: '提交时间', children: l.auditSubmittedAt ? formatTime(l.auditSubmittedAt) : '未提交' },
                  { key: 'count', label: '提交次数', children: l.auditSubmitCount },
                  ...(l.auditRemark ? [{ key: 'remark', label: '审核意见', children: l.auditRemark }] : []),
                ]}
              />
              {l.reviewable ? (
                <Flex gap={8} style={{ marginTop: 12 }}>
                  <Button type="primary" icon={<CheckOutlined />} disabled={pending || l.auditStatus === 1} onClick={() => open('pass')}>
                    通过
                  </Button>
                  <Button danger icon={<CloseOutlined />} disabled={pending || l.auditStatus === 2} onClick={() => open('fail')}>
                    不通过
                  </Button>
                </Flex>
              ) : (
                <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                  用户尚未提交资料，暂无可审核内容。
                </Typography.Paragraph>
              )}
            </Card>
            <Card title="账号">
              <Flex gap={8} wrap>
                {l.locked ? (
                  <Button icon={<UnlockOutlined />} disabled={pending} onClick={() => open('unlock')}>
                    解锁
                  </Button>
                ) : (
                  <Button danger icon={<LockOutlined />} disabled={pending || l.blacklisted} onClick={() => open('lock')}>
                    锁定
                  </Button>
                )}
                {mayBlacklist ? (
                  l.blacklisted ? (
                    <Button disabled={pending} onClick={() => open('unblacklist')}>
                      移出黑名单
                    </Button>
                  ) : (
                    <Button danger icon={<StopOutlined />} disabled={pending} onClick={() => open('blacklist')}>
                      加入黑名单
                    </Button>
                  )
                ) : null}
              </Flex>
            </Card>
            <Card title="学习">
              <Statistic title="累计学习时长（服务器计）" value={secondsToHours(l.learningSeconds)} precision={1} suffix="小时" />
              <Typography.Text type="secondary">{formatDuration(l.learningSeconds)}</Typography.Text>
            </Card>
          </Space>
        </Col>
      </Row>

      <ReasonModal
        open={act !== null}
        title={act?.title ?? ''}
        description={act?.description}
        label={act?.label}
        required={act?.required ?? true}
        okText={act?.okText}
        danger={act?.danger}
        pending={pending}
        onCancel={() => setAction(null)}
        onSubmit={(reason) => {
          if (action) return mutation.mutateAsync({ action, reason }).catch(() => undefined);
        }}
      />
      <ReasonModal
        open={revoking !== null}
        title="撤销会员"
        description={revoking ? `撤销「${revoking.planName}」后，用户的会员资格立即按其余会员记录重新计算${revoking.orderId !== null ? '（不会退款，退款请到退款页处理）' : ''}。` : undefined}
        label="撤销原因"
        okText="撤销"
        danger
        pending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onSubmit={(reason) => {
          if (revoking) return revoke.mutateAsync({ grantId: revoking.grantId, reason }).catch(() => undefined);
        }}
      />
      <GrantMembershipModal
        open={granting}
        pending={grant.isPending}
        onCancel={() => setGranting(false)}
        onSubmit={(v) => grant.mutateAsync(v).catch(() => undefined)}
      />
    </Space>
  );
}
