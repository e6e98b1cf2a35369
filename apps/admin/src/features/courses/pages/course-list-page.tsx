import { Alert, App, Button, Card, Flex, Image, Input, Popconfirm, Select, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { formatFen, formatTime } from '../../../lib/format';
import { Link, navigate } from '../../../lib/router';
import type { PageProps } from '../../../lib/router';
import { hasRole, useSession } from '../../../lib/session';
import { useTableQuery } from '../../../lib/use-table-query';
import { COURSE_LIST_KEY, COURSE_LIST_PATH, useLookups, useSetShelf } from '../api/course-api';
import type { AdminCourseListItem } from '../api/course-api';
import { CourseStatusTag, STATUS_OPTIONS } from '../components/course-status-tag';
import '../courses.css';

const FILTERS = ['q', 'status', 'subjectId', 'lecturerId'] as const;

export function CourseListPage(_props: PageProps) {
  const { message } = App.useApp();
  const { operator } = useSession();
  const mayShelve = hasRole(operator, 'owner', 'operator');
  const isLecturer = operator?.role === 'lecturer';
  const lookups = useLookups();
  const setShelf = useSetShelf();
  const { query, tableProps, filters, setFilters, sortOrderOf } = useTableQuery<AdminCourseListItem>({
    queryKey: COURSE_LIST_KEY,
    path: COURSE_LIST_PATH,
    filters: FILTERS,
    defaultSort: { field: 'updatedAt', order: 'descend' },
  });
  // The box holds what is typed; the list follows on Enter or the search button.
  const [draft, setDraft] = useState<string | null>(null);
  const searchText = draft ?? filters.q ?? '';

  const handleShelf = async (course: AdminCourseListItem) => {
    const onShelf = !course.onShelf;
    try {
      await setShelf.mutateAsync({ id: course.id, onShelf });
      message.success(onShelf ? `《${course.title}》已上架` : `《${course.title}》已下架`);
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : '操作失败，请稍后再试');
    }
  };

  const columns: TableColumnsType<AdminCourseListItem> = [
    {
      title: '封面',
      dataIndex: 'cover',
      key: 'cover',
      width: 104,
      render: (cover: string, course) =>
        cover ? (
          <Image
            src={cover}
            alt={`《${course.title}》封面`}
            width={80}
            height={45}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            preview={false}
            fallback="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='80' height='45'><rect width='80' height='45' fill='%23f0f0f0'/></svg>"
          />
        ) : (
          <div className="course-cover-empty" aria-label="无封面">
            无封面
          </div>
        ),
    },
    {
      title: '课程',
      dataIndex: 'title',
      key: 'title',
      ellipsis: true,
      render: (title: string, course) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Link to={`/courses/${course.id}`} className="course-title-link" title={title}>
            {title}
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            ID {course.id} · {course.chapterCount} 章
          </Typography.Text>
        </Flex>
      ),
    },
    { title: '讲师', dataIndex: 'lecturerName', key: 'lecturerName', width: 100, ellipsis: true },
    { title: '学科', dataIndex: 'subjectName', key: 'subjectName', width: 150, ellipsis: true },
    {
      title: '价格',
      dataIndex: 'price',
      key: 'price',
      width: 130,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('price'),
      render: (price: number, course) => (
        <Flex vertical align="flex-end" gap={0}>
          <span>{price === 0 ? '免费' : formatFen(price)}</span>
          {course.vipPrice !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              会员 {course.vipPrice === 0 ? '免费' : formatFen(course.vipPrice)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: '学员数',
      dataIndex: 'learnerCount',
      key: 'learnerCount',
      width: 100,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('learnerCount'),
      render: (n: number) => n.toLocaleString('zh-CN'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 90,
      render: (status: number) => <CourseStatusTag status={status} />,
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf('updatedAt'),
      render: (ms: number) => formatTime(ms),
    },
    {
      title: '操作',
      key: 'actions',
      width: mayShelve ? 130 : 70,
      fixed: 'right',
      render: (_: unknown, course) => (
        <Space size={4}>
          <Link to={`/courses/${course.id}`} aria-label={`编辑《${course.title}》`}>
            编辑
          </Link>
          {mayShelve && (
            <Popconfirm
              title={course.onShelf ? '下架这门课程？' : '上架这门课程？'}
              description={course.onShelf ? '下架后学员在 App 中看不到它，已购学员仍可学习。' : '上架后学员即可在 App 中看到并购买。'}
              okText={course.onShelf ? '下架' : '上架'}
              cancelText="取消"
              okButtonProps={{ danger: course.onShelf }}
              onConfirm={() => handleShelf(course)}
            >
              <Button type="link" size="small" danger={course.onShelf} aria-label={`${course.onShelf ? '下架' : '上架'}《${course.title}》`}>
                {course.onShelf ? '下架' : '上架'}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const subjectOptions = (lookups.data?.subjects ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  const lecturerOptions = (lookups.data?.lecturers ?? []).map((l) => ({ value: String(l.id), label: l.name }));

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          课程管理
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/courses/new')} data-testid="course-create">
          新建课程
        </Button>
      </Flex>
      <Card variant="borderless" styles={{ body: { padding: 16 } }}>
        <Flex gap={12} wrap style={{ marginBottom: 16 }} role="search" aria-label="筛选课程">
          <Input.Search
            aria-label="搜索课程标题"
            placeholder="搜索课程标题"
            allowClear
            value={searchText}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={(value) => {
              setDraft(null);
              setFilters({ q: value.trim() });
            }}
            style={{ width: 260 }}
            maxLength={50}
          />
          <Select
            aria-label="上架状态"
            placeholder="上架状态"
            allowClear
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(v?: string) => setFilters({ status: v })}
            style={{ width: 130 }}
          />
          <Select
            aria-label="学科"
            placeholder="学科 / 分类"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={subjectOptions}
            loading={lookups.isPending}
            value={filters.subjectId}
            onChange={(v?: string) => setFilters({ subjectId: v })}
            style={{ width: 170 }}
          />
          {!isLecturer && (
            <Select
              aria-label="讲师"
              placeholder="讲师"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={lecturerOptions}
              loading={lookups.isPending}
              value={filters.lecturerId}
              onChange={(v?: string) => setFilters({ lecturerId: v })}
              style={{ width: 160 }}
            />
          )}
          {Object.keys(filters).length > 0 && (
            <Button
              type="link"
              onClick={() => {
                setDraft(null);
                setFilters({ q: undefined, status: undefined, subjectId: undefined, lecturerId: undefined });
              }}
            >
              清除筛选
            </Button>
          )}
        </Flex>
        {query.isError && (
          <Alert
            type="error"
            showIcon
            title="课程列表加载失败"
            description={query.error instanceof ApiError ? query.error.message : '请稍后再试'}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                重试
              </Button>
            }
            style={{ marginBottom: 16 }}
          />
        )}
        <Table<AdminCourseListItem>
          {...tableProps}
          columns={columns}
          size="middle"
          scroll={{ x: 1000 }}
          locale={{ emptyText: Object.keys(filters).length ? '没有符合条件的课程' : '还没有课程，点击右上角“新建课程”开始' }}
          data-testid="course-table"
        />
      </Card>
    </Flex>
  );
}
