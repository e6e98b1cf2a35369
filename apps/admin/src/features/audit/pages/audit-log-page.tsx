import { AutoComplete, Button, Card, DatePicker, Flex, Form, Input, Select, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { api } from '../../../lib/api';
import type { Paged } from '../../../lib/api';
import { DISPLAY_TZ, dayjs, formatTime } from '../../../lib/format';
import type { PageProps } from '../../../lib/router';
import { useTableQuery } from '../../../lib/use-table-query';
import { ACTION_LABELS, AUDIT_FILTERS, AUDIT_PATH, TARGET_TYPE_LABELS } from '../api/get-audit';
import type { AuditRow } from '../api/get-audit';
import { JsonDiff } from '../components/json-diff';
import './audit-log-page.css';

interface OperatorOption {
  id: number;
  name: string;
  phone: string;
}

interface FilterForm {
  operatorId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const { RangePicker } = DatePicker;

function useOperatorOptions() {
  return useQuery({
    queryKey: ['operators', 'options'],
    queryFn: () => api.get<Paged<OperatorOption>>('/v1/admin/operators', { page: 1, pageSize: 100 }),
    staleTime: 5 * 60_000,
  });
}

export function AuditLogPage(_props: PageProps) {
  const { tableProps, filters, setFilters, sortOrderOf } = useTableQuery<AuditRow>({
    queryKey: 'audit',
    path: AUDIT_PATH,
    filters: AUDIT_FILTERS,
  });
  const operators = useOperatorOptions();
  const [form] = Form.useForm<FilterForm>();

  const initialValues: FilterForm = {
    operatorId: filters.operatorId ? Number(filters.operatorId) : undefined,
    action: filters.action,
    targetType: filters.targetType,
    targetId: filters.targetId,
    range:
      filters.from || filters.to
        ? [filters.from ? dayjs(Number(filters.from)).tz(DISPLAY_TZ) : null, filters.to ? dayjs(Number(filters.to) - 1).tz(DISPLAY_TZ) : null]
        : null,
  };

  const handleSearch = (values: FilterForm) => {
    const [start, end] = values.range ?? [null, null];
    setFilters({
      operatorId: values.operatorId,
      action: values.action?.trim(),
      targetType: values.targetType?.trim(),
      targetId: values.targetId?.trim(),
      // Whole days in Beijing time, whatever zone the operator's machine is in.
      from: start ? dayjs.tz(start.format('YYYY-MM-DD'), DISPLAY_TZ).startOf('day').valueOf() : undefined,
      // `to` is exclusive: the start of the day after the last one picked.
      to: end ? dayjs.tz(end.format('YYYY-MM-DD'), DISPLAY_TZ).add(1, 'day').startOf('day').valueOf() : undefined,
    });
  };

  const handleReset = () => {
    form.resetFields();
    form.setFieldsValue({ operatorId: undefined, action: undefined, targetType: undefined, targetId: undefined, range: null });
    setFilters({ operatorId: '', action: '', targetType: '', targetId: '', from: '', to: '' });
  };

  const columns: TableColumnsType<AuditRow> = [
    // The log is append-only, so id order is time order; the API sorts by `id` only.
    { title: '时间', dataIndex: 'createdAt', key: 'id', width: 170, sorter: true, sortOrder: sortOrderOf('id'), render: (ms: number) => formatTime(ms) },
    { title: '操作人', dataIndex: 'operatorName', width: 140, render: (name: string | null, r) => name ?? (r.operatorId ? `#${r.operatorId}` : '系统') },
    {
      title: '操作',
      dataIndex: 'action',
      width: 200,
      render: (action: string) => (
        <span>
          {ACTION_LABELS[action] ?? action}
          {ACTION_LABELS[action] && (
            <Typography.Text type="secondary" className="audit-action-code">
              {action}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      title: '对象',
      key: 'target',
      render: (_v, r) => (
        <span>
          <Tag>{TARGET_TYPE_LABELS[r.targetType] ?? r.targetType}</Tag>
          {r.targetId !== null && r.targetId !== '' ? `#${r.targetId}` : ''}
        </span>
      ),
    },
    { title: 'IP', dataIndex: 'ip', width: 150, render: (ip: string) => ip || '—' },
  ];

  return (
    <div className="audit-page">
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        审计日志
      </Typography.Title>
      <Card style={{ marginBottom: 16 }}>
        <Form<FilterForm> form={form} layout="inline" initialValues={initialValues} onFinish={handleSearch} className="filter-form">
          <Form.Item label="操作人" name="operatorId">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="全部"
              style={{ width: 180 }}
              loading={operators.isPending}
              options={(operators.data?.items ?? []).map((o) => ({ value: o.id, label: o.name || o.phone }))}
            />
          </Form.Item>
          <Form.Item label="操作" name="action">
            <AutoComplete
              allowClear
              placeholder="如 course.update"
              style={{ width: 200 }}
              options={Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label: `${label}（${value}）` }))}
              showSearch={{ filterOption: (input, option) => String(option?.label ?? '').toLowerCase().includes(input.toLowerCase()) }}
            />
          </Form.Item>
          <Form.Item label="对象类型" name="targetType">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 140 }}
              options={Object.entries(TARGET_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item label="对象 ID" name="targetId">
            <Input allowClear placeholder="ID" style={{ width: 110 }} />
          </Form.Item>
          <Form.Item label="日期" name="range">
            <RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button onClick={handleReset}>重置</Button>
            </Flex>
          </Form.Item>
        </Form>
      </Card>
      <Card>
        <Table<AuditRow>
          {...tableProps}
          columns={columns}
          size="middle"
          expandable={{
            expandedRowRender: (r) => <JsonDiff before={r.before} after={r.after} />,
            rowExpandable: (r) => r.before != null || r.after != null,
            columnTitle: <span className="sr-only">展开</span>,
          }}
          locale={{ emptyText: '没有符合条件的记录' }}
        />
      </Card>
    </div>
  );
}
