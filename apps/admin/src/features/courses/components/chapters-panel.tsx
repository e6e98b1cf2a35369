import { App, Button, Card, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { formatDuration, formatFen } from '../../../lib/format';
import { MediaStatus } from '../../media';
import { courseKeys, useDeleteChapter, useReorderChapters } from '../api/course-api';
import type { AdminChapter } from '../api/course-api';
import { moveItem } from '../model/reorder';
import { ChapterModal } from './chapter-modal';

export interface ChaptersPanelProps {
  courseId: number;
  mediaType: number;
  chapters: readonly AdminChapter[];
}

type Editing = { chapter: AdminChapter | null } | null;

/**
 * The course's chapters: drag a row (mouse) or use its 上移 / 下移 buttons (keyboard, screen
 * readers) to reorder — both save the whole order at once and show it before the server answers,
 * rolling back if it refuses. Add and edit in a dialog; delete asks first and shows the server's
 * refusal when someone bought the chapter.
 */
export function ChaptersPanel({ courseId, mediaType, chapters }: ChaptersPanelProps) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const reorder = useReorderChapters(courseId);
  const remove = useDeleteChapter(courseId);
  const [editing, setEditing] = useState<Editing>(null);
  // The order shown while saves are in flight; null shows the server's.
  const [pendingOrder, setPendingOrder] = useState<number[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [drag, setDrag] = useState<{ from: number; over: number | null } | null>(null);
  const saveChain = useRef<Promise<unknown>>(Promise.resolve());
  const inFlight = useRef(0);
  const refocus = useRef<{ id: number; direction: 'up' | 'down' } | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);

  const serverRows = [...chapters].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const byId = new Map(serverRows.map((c) => [c.id, c]));
  const rows =
    pendingOrder && pendingOrder.length === serverRows.length && pendingOrder.every((id) => byId.has(id))
      ? pendingOrder.map((id) => byId.get(id)!)
      : serverRows;

  // Keep keyboard focus on the moved chapter's button (its row moved in the DOM).
  useEffect(() => {
    const want = refocus.current;
    if (!want || !tableRef.current) return;
    refocus.current = null;
    const find = (dir: string) =>
      tableRef.current?.querySelector<HTMLButtonElement>(`button[data-move="${dir}-${want.id}"]:not([disabled])`);
    (find(want.direction) ?? find(want.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [rows]);

  const saveOrder = (next: AdminChapter[], moved: AdminChapter) => {
    const ids = next.map((c) => c.id);
    setPendingOrder(ids);
    setAnnouncement(`「${moved.title}」已移到第 ${ids.indexOf(moved.id) + 1} 位`);
    inFlight.current += 1;
    // One save at a time, in the order the operator moved things; the last one wins. When all
    // are done the server's order shows again (which undoes a refused move).
    saveChain.current = saveChain.current
      .then(() => reorder.mutateAsync(ids))
      .catch((e: unknown) => {
        message.error(e instanceof ApiError ? `排序未保存：${e.message}` : '排序未保存，请稍后再试');
        setAnnouncement('排序未保存，已恢复原来的顺序');
      })
      .finally(async () => {
        inFlight.current -= 1;
        if (inFlight.current === 0) {
          await client.invalidateQueries({ queryKey: courseKeys.detail(courseId) });
          setPendingOrder(null);
        }
      });
  };

  const move = (index: number, to: number, direction?: 'up' | 'down') => {
    if (to < 0 || to >= rows.length || to === index) return;
    const moved = rows[index]!;
    if (direction) refocus.current = { id: moved.id, direction };
    saveOrder(moveItem(rows, index, to), moved);
  };

  const handleDelete = async (chapter: AdminChapter) => {
    try {
      await remove.mutateAsync(chapter.id);
      message.success(`已删除「${chapter.title}」`);
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : '删除失败，请稍后再试');
    }
  };

  const dragProps = (index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent<HTMLTableRowElement>) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(rows[index]?.id ?? ''));
      setDrag({ from: index, over: null });
    },
    onDragOver: (event: DragEvent<HTMLTableRowElement>) => {
      if (!drag) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (drag.over !== index) setDrag({ ...drag, over: index });
    },
    onDrop: (event: DragEvent<HTMLTableRowElement>) => {
      if (!drag) return;
      event.preventDefault();
      const from = drag.from;
      setDrag(null);
      move(from, index);
    },
    onDragEnd: () => setDrag(null),
  });

  const columns: TableColumnsType<AdminChapter> = [
    {
      key: 'drag',
      width: 40,
      render: () => (
        <Tooltip title="拖动排序">
          <HolderOutlined className="chapter-drag-handle" aria-hidden="true" />
        </Tooltip>
      ),
    },
    { title: '序号', key: 'index', width: 64, render: (_: unknown, __: AdminChapter, index) => index + 1 },
    {
      title: '章节标题',
      dataIndex: 'title',
      key: 'title',
      ellipsis: true,
      render: (title: string, chapter) => (
        <Space size={6}>
          <Typography.Text ellipsis style={{ maxWidth: 320 }} title={title}>
            {title}
          </Typography.Text>
          {chapter.isFree && <Tag color="#0958d9">试看</Tag>}
          {!chapter.published && <Tag color="#595959">已隐藏</Tag>}
        </Space>
      ),
    },
    {
      title: '单章价格',
      dataIndex: 'price',
      key: 'price',
      width: 110,
      align: 'right',
      render: (price: number) => (price > 0 ? formatFen(price) : <Typography.Text type="secondary">不单卖</Typography.Text>),
    },
    { title: '时长', dataIndex: 'durationSeconds', key: 'duration', width: 100, render: (s: number | null) => (s ? formatDuration(s) : '—') },
    {
      title: '媒体',
      key: 'media',
      width: 240,
      render: (_: unknown, chapter) => <MediaStatus status={chapter.mediaStatus} assetId={chapter.mediaAssetId} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 230,
      render: (_: unknown, chapter, index) => (
        <Space size={2}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            onClick={() => move(index, index - 1, 'up')}
            aria-label={`上移「${chapter.title}」`}
            data-move={`up-${chapter.id}`}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={index === rows.length - 1}
            onClick={() => move(index, index + 1, 'down')}
            aria-label={`下移「${chapter.title}」`}
            data-move={`down-${chapter.id}`}
          />
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ chapter })} aria-label={`编辑「${chapter.title}」`}>
            编辑
          </Button>
          <Popconfirm
            title="删除这个章节？"
            description="删除后不能恢复；已被购买的章节不能删除。"
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={() => handleDelete(chapter)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`删除「${chapter.title}」`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={`章节（${rows.length}）`}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ chapter: null })} data-testid="chapter-add">
          添加章节
        </Button>
      }
    >
      <div ref={tableRef}>
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          拖动行或用上移、下移按钮调整顺序，顺序会立即保存。
        </Typography.Paragraph>
        <Table<AdminChapter>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          pagination={false}
          size="middle"
          scroll={{ x: 900 }}
          onRow={(_, index) => dragProps(index ?? 0)}
          rowClassName={(_, index) =>
            drag && drag.over === index && drag.from !== index ? (drag.from < index ? 'chapter-drop-below' : 'chapter-drop-above') : ''
          }
          locale={{ emptyText: '还没有章节，点击“添加章节”创建第一章并上传视频' }}
          data-testid="chapter-table"
        />
        <div className="sr-only" aria-live="polite" role="status">
          {announcement}
        </div>
      </div>
      {editing && (
        <ChapterModal
          open
          courseId={courseId}
          mediaType={mediaType}
          chapter={editing.chapter}
          chapters={chapters}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
