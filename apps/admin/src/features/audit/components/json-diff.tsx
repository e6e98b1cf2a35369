import { Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';

export interface DiffRow {
  path: string;
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
}

function parse(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Flattens nested objects into `a.b.c` paths; arrays and scalars are leaves, shown as JSON. */
function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0 && prefix) out.set(prefix, '{}');
    for (const k of keys) flatten(value[k], prefix ? `${prefix}.${k}` : k, out);
    return;
  }
  // A create has no before, a delete no after: nothing to list rather than a 'null' row.
  if (value === undefined || (value === null && !prefix)) return;
  out.set(prefix || '（值）', typeof value === 'string' ? value : JSON.stringify(value));
}

/** One row a field: its value before and after; rows that changed first. */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(parse(before), '', a);
  flatten(parse(after), '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  const rows = paths.map((path) => ({ path, before: a.get(path), after: b.get(path), changed: a.get(path) !== b.get(path) }));
  return rows.sort((x, y) => Number(y.changed) - Number(x.changed));
}

const EMPTY = <Typography.Text type="secondary">（无）</Typography.Text>;

const columns: TableColumnsType<DiffRow> = [
  { title: '字段', dataIndex: 'path', width: 220, render: (p: string) => <Typography.Text code>{p}</Typography.Text> },
  { title: '修改前', dataIndex: 'before', render: (v: string | undefined, r) => (v === undefined ? EMPTY : <span className={r.changed ? 'diff-old' : undefined}>{v}</span>) },
  { title: '修改后', dataIndex: 'after', render: (v: string | undefined, r) => (v === undefined ? EMPTY : <span className={r.changed ? 'diff-new' : undefined}>{v}</span>) },
  { title: '变化', dataIndex: 'changed', width: 80, render: (c: boolean) => (c ? '已修改' : '未变') },
];

export function JsonDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = diffRows(before, after);
  if (rows.length === 0) return <Typography.Text type="secondary">此操作没有记录修改前后的内容。</Typography.Text>;
  return (
    <Table<DiffRow>
      className="json-diff"
      size="small"
      rowKey="path"
      columns={columns}
      dataSource={rows}
      pagination={false}
      rowClassName={(r) => (r.changed ? 'diff-changed' : '')}
    />
  );
}
