/**
 * 热搜词: the words the H5 search page offers, in order; 热 highlights one. Edited as a list and
 * saved as a whole (PUT replaces the list).
 */
import { Alert, Button, Checkbox, Flex, Input, List, Space, Typography } from 'antd';
import AntdApp from 'antd/es/app';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminHotWord, AdminHotWords } from '@jinfa/shared/admin-discovery-schemas';
import { api } from '../../../lib/api';
import { LoadError, errorText } from '../../../lib/load-error';

const KEY = ['admin-hot-words'];
const MAX_WORDS = 30;

export function HotWordsTab() {
  const { message } = AntdApp.useApp();
  const client = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => api.get<AdminHotWords>('/v1/admin/hot-words') });
  const [words, setWords] = useState<AdminHotWord[]>([]);
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (query.data) {
      setWords(query.data.words);
      setDirty(false);
    }
  }, [query.data]);

  const save = useMutation({
    mutationFn: (list: AdminHotWord[]) => api.put<AdminHotWords>('/v1/admin/hot-words', { words: list }),
    onSuccess: (data) => {
      client.setQueryData(KEY, data);
      message.success('热搜词已保存，学员搜索页立即生效');
    },
    onError: (e) => message.error(errorText(e)),
  });

  const change = (next: AdminHotWord[]) => {
    setWords(next);
    setDirty(true);
  };
  const update = (i: number, patch: Partial<AdminHotWord>) => change(words.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  const move = (i: number, delta: number) => {
    const next = [...words];
    const [w] = next.splice(i, 1);
    next.splice(i + delta, 0, w!);
    change(next);
  };
  const trimmed = words.map((w) => w.keyword.trim());
  const problem = trimmed.some((k) => !k) ? '热搜词不能为空' : new Set(trimmed).size !== trimmed.length ? '热搜词不能重复' : null;

  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <>
      <Typography.Paragraph type="secondary">学员搜索页按此顺序显示热搜词；勾选「热」的词会突出显示。最多 {MAX_WORDS} 个，每个不超过 20 字。</Typography.Paragraph>
      <List
        loading={query.isLoading}
        bordered
        dataSource={words}
        locale={{ emptyText: '还没有热搜词' }}
        renderItem={(w, i) => (
          <List.Item>
            <Flex gap={8} align="center" style={{ width: '100%' }}>
              <Typography.Text style={{ width: 28 }}>{i + 1}.</Typography.Text>
              <Input value={w.keyword} maxLength={20} aria-label={`第 ${i + 1} 个热搜词`} onChange={(e) => update(i, { keyword: e.target.value })} style={{ maxWidth: 280 }} />
              <Checkbox checked={w.hot} onChange={(e) => update(i, { hot: e.target.checked })} aria-label={`第 ${i + 1} 个热搜词突出显示`}>
                热
              </Checkbox>
              <Space>
                <Button size="small" icon={<ArrowUpOutlined />} aria-label={`上移第 ${i + 1} 个热搜词`} disabled={i === 0} onClick={() => move(i, -1)} />
                <Button size="small" icon={<ArrowDownOutlined />} aria-label={`下移第 ${i + 1} 个热搜词`} disabled={i === words.length - 1} onClick={() => move(i, 1)} />
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={`删除第 ${i + 1} 个热搜词`} onClick={() => change(words.filter((_, j) => j !== i))} />
              </Space>
            </Flex>
          </List.Item>
        )}
      />
      {problem ? <Alert type="warning" showIcon style={{ marginTop: 12 }} title={problem} /> : null}
      <Space style={{ marginTop: 12 }}>
        <Button icon={<PlusOutlined />} disabled={words.length >= MAX_WORDS} onClick={() => change([...words, { keyword: '', hot: false }])}>
          添加热搜词
        </Button>
        <Button type="primary" disabled={!dirty || problem !== null} loading={save.isPending} onClick={() => save.mutate(words.map((w) => ({ keyword: w.keyword.trim(), hot: w.hot })))}>
          保存
        </Button>
        {dirty ? (
          <Button onClick={() => query.data && (setWords(query.data.words), setDirty(false))}>
            撤销修改
          </Button>
        ) : null}
      </Space>
    </>
  );
}
