/**
 * The parts every console list page repeats: the keyword search box, the 清除筛选 link, and the
 * table with its load error and its empty text ("no match" when filtered, "none yet" otherwise).
 */
import { Button, Empty, Input, Table, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from './load-error';

export function SearchFilter(props: { label: string; placeholder: string; value: string; onChange: (value: string) => void; onSearch: (value: string) => void; testId?: string }) {
  return (
    <Input.Search
      aria-label={props.label}
      placeholder={props.placeholder}
      allowClear
      maxLength={40}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      onSearch={(v) => props.onSearch(v.trim())}
      style={{ width: 260 }}
      data-testid={props.testId}
    />
  );
}

export function ClearFilters({ shown, onClear }: { shown: boolean; onClear: () => void }) {
  return shown ? (
    <Button type="link" onClick={onClear}>
      清除筛选
    </Button>
  ) : null;
}

export function ListTable<T extends object>({
  query,
  filtered,
  noun,
  scrollX,
  ...table
}: TableProps<T> & { query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch'>; filtered: boolean; noun: string; scrollX: number }) {
  return (
    <>
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<T>
        size="middle"
        scroll={{ x: scrollX }}
        locale={{ emptyText: <Empty description={filtered ? `没有符合条件的${noun}` : `还没有${noun}`} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        {...table}
      />
    </>
  );
}
