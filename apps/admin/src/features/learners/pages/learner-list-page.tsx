/**
 * 用户 Learners: search by phone or name, filter by review state and account state, and the
 * 「待审核资料」 quick filter (submitted profiles, the longest waiting first). Every filter, the
 * page and the sort live in the address (use-table-query), so a link shows the same rows.
 */
import { Button, Card, Flex, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import type { AdminLearnerListItem } from '@jinfa/shared/admin-people-schemas';
import { formatDate, formatTime } from '../../../lib/format';
import { Link, useSearchParams } from '../../../lib/router';
import type { PageProps } from '../../../lib/router';
import { useTableQuery } from '../../../lib/use-table-query';
import { ClearFilters, ListTable, SearchFilter } from '../../../lib/list-parts';
import { AUDIT_FILTER_OPTIONS, auditLabel } from '../labels';
import type { AuditFilter } from '../labels';

const FILTERS = ['q', 'auditStatus', 'submitted', 'locked', 'blacklisted'] as const;

type AccountFilter = 'locked' | 'unlocked' | 'blacklisted';

const ACCOUNT_OPTIONS: { value: AccountFilter; label: string }[] = [
  { value: 'locked', label: '已锁定' },
  { value: 'unlocked', label: '未锁定' },
  { value: 'blacklisted', label: '黑名单' },
];

function auditFilterOf(f: Record<string, string>): AuditFilter | undefined {
  if (f.auditStatus === '1') return 'passed';
  if (f.auditStatus === '2') return 'failed';
  if (f.auditStatus === '0') return f.submitted === 'true' ? 'pending' : 'unsubmitted';
  return undefined;
}

function auditQueryOf(v: AuditFilter | undefined): Record<string, string | undefined> {
  switch (v) {
    case 'passed':
      return { auditStatus: '1', submitted: undefined };
    case 'failed':
      return { auditStatus: '2', submitted: undefined };
    case 'pending':
      return { auditStatus: '0', submitted: 'true' };
    case 'unsubmitted':
      return { auditStatus: '0', submitted: 'false' };
    default:
      return { auditStatus: undefined, submitted: undefined };
  }
}

function accountFilterOf(f: Record<string, string>): AccountFilter | undefined {
  if (f.blacklisted === 'true') return 'blacklisted';
  if (f.locked === 'true') return 'locked';
  if (f.locked === 'false') return 'unlocked';
  return undefined;
}

function accountQueryOf(v: AccountFilter | undefined): Record<string, string | undefined> {
  if (v === 'blacklisted') return { blacklisted: 'true', locked: undefined };
  if (v === 'locked') return { locked: 'true', blacklisted: undefined };
  if (v === 'unlocked') return { locked: 'false', blacklisted: undefined };
  return { locked: undefined, blacklisted: undefined };
}

export function LearnerListPage(_props: PageProps) {
  const { query, tableProps, filters, setFilters, sortOrderOf } = useTableQuery<AdminLearnerListItem>({
    queryKey: 'admin-learners',
    path: '/v1/admin/learners',
    filters: FILTERS,
    defaultSort: { field: 'createdAt', order: 'descend' },
  });
  const [, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(filters.q ?? '');
  useEffect(() => setSearch(filters.q ?? ''), [filters.q]);

  const audit = auditFilterOf(filters);
  const pendingQuick = audit === 'pending';
  const anyFilter = FILTERS.some((k) => filters[k] !== undefined);

  const showPending = () => {
    if (pendingQuick) {
      setSearchParams({});
      return;
    }
    setSearchParams({ auditStatus: '0', submitted: 'true', sort: 'auditSubmittedAt', order: 'ascend' });
  };

  const columns: TableColumnsType<AdminLearnerListItem> = [
    {
      title: '姓名',
      key: 'name',
      width: 160,
      render: (_, r) => (
        <Link to={`/learners/${r.id}`} data-testid="learner-name">
          {r.name || r.nickname || `用户 ${r.id}`}
        </Link>
      ),
    },
    { title: '手机号', dataIndex: 'phoneMasked', key: 'phone', width: 130, render: (v: string) => v || '—' },
    {
      title: '审核状态',
      key: 'auditStatus',
      width: 190,
      render: (_, r) => {
        const l = auditLabel(r.auditStatus, r.auditSubmittedAt);
        return (
          <span style={{ whiteSpace: 'nowrap' }}>
            <Tag color={l.color}>{l.text}</Tag>
            {r.auditStatus === 0 && r.auditSubmittedAt !== null ? (
              <Tooltip title={`${formatTime(r.auditSubmittedAt)} 提交`}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatTime(r.auditSubmittedAt).slice(5)} 提交
                </Typography.Text>
              </Tooltip>
            ) : null}
          </span>
        );
      },
    },
    {
      title: '账号',
      key: 'account',
      width: 90,
      render: (_, r) =>
        r.blacklisted ? <Tag color="#262626">黑名单</Tag> : r.locked ? <Tag color="#cf1322">已锁定</Tag> : <Typography.Text>正常</Typography.Text>,
    },
    {
      title: '会员',
      key: 'memberships',
      render: (_, r) => {
        const active = r.memberships.filter((m) => m.active);
        if (active.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
        return (
          <Space size={4} wrap>
            {active.map((m) => (
              <Tooltip key={m.grantId} title={`有效期至 ${formatDate(m.expiresAt)}`}>
                <Tag color="#0958d9">{m.planName}</Tag>
              </Tooltip>
            ))}
          </Space>
        );
      },
    },
    { title: '订单数', dataIndex: 'orderCount', key: 'orderCount', width: 90, align: 'right' },
    {
      title: '注册时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 160,
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      render: (v: number) => formatTime(v),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, r) => <Link to={`/learners/${r.id}`}>{r.auditStatus === 0 && r.auditSubmittedAt !== null ? '去审核' : '查看'}</Link>,
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        用户
      </Typography.Title>
      <Card>
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          <SearchFilter
            label="搜索手机号或姓名"
            placeholder="手机号（11 位）或姓名"
            value={search}
            onChange={setSearch}
            onSearch={(q) => setFilters({ q })}
            testId="learner-search"
          />
          <Select<AuditFilter>
            aria-label="审核状态"
            placeholder="审核状态"
            allowClear
            value={audit}
            options={AUDIT_FILTER_OPTIONS}
            onChange={(v) => setFilters(auditQueryOf(v))}
            style={{ width: 140 }}
          />
          <Select<AccountFilter>
            aria-label="账号状态"
            placeholder="锁定 / 黑名单"
            allowClear
            value={accountFilterOf(filters)}
            options={ACCOUNT_OPTIONS}
            onChange={(v) => setFilters(accountQueryOf(v))}
            style={{ width: 150 }}
          />
          <Button
            icon={<AuditOutlined />}
            type={pendingQuick ? 'primary' : 'default'}
            aria-pressed={pendingQuick}
            onClick={showPending}
            data-testid="learner-pending-quick"
          >
            待审核资料
          </Button>
          <ClearFilters shown={anyFilter} onClear={() => setSearchParams({})} />
        </Flex>
        <ListTable<AdminLearnerListItem> {...tableProps} query={query} columns={columns} scrollX={1000} filtered={anyFilter} noun="用户" />
      </Card>
    </Space>
  );
}
