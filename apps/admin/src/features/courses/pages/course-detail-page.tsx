import { App, Button, Flex, Form, Popconfirm, Result, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, MobileOutlined, SaveOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { ConsoleErrorCodes } from '@jinfa/shared/console-errors';
import { ApiError } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import { Link, navigate } from '../../../lib/router';
import type { PageProps } from '../../../lib/router';
import { hasRole, useSession } from '../../../lib/session';
import { useCourse, useCreateCourse, useLookups, useSetShelf, useUpdateCourse } from '../api/course-api';
import type { AdminCourseDetail } from '../api/course-api';
import type { AdminCourseCreate } from '@jinfa/shared';
import { ChaptersPanel } from '../components/chapters-panel';
import { CourseFormFields } from '../components/course-form-fields';
import { CourseStatusTag } from '../components/course-status-tag';
import { PhonePreview } from '../components/phone-preview';
import { useUnsavedGuard } from '../hooks/use-unsaved-guard';
import { diffCoursePayload, emptyCourseValues, toCoursePayload, toFormValues } from '../model/course-form';
import type { CourseFormValues } from '../model/course-form';
import '../courses.css';

function parseId(raw: string | undefined): number | null {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** `/courses/new` creates a course; `/courses/:id` edits one with its chapters. */
export function CourseDetailPage({ params }: PageProps) {
  const isNew = params.id === 'new';
  const id = isNew ? null : parseId(params.id);
  const course = useCourse(id);

  if (isNew) return <CourseEditor key="new" course={null} />;
  const notFound = id === null || (course.error instanceof ApiError && (course.error.code === ConsoleErrorCodes.ADMIN_NOT_FOUND || course.error.status === 404));
  if (notFound) {
    return (
      <Result
        status="404"
        title="课程不存在"
        subTitle="它可能已被删除，或者你没有权限查看。"
        extra={
          <Button type="primary" onClick={() => navigate('/courses')}>
            返回课程列表
          </Button>
        }
      />
    );
  }
  if (course.error) {
    return (
      <Result
        status="error"
        title="课程加载失败"
        subTitle={course.error instanceof ApiError ? course.error.message : '请稍后再试'}
        extra={<Button onClick={() => void course.refetch()}>重试</Button>}
      />
    );
  }
  if (!course.data) return <Skeleton active paragraph={{ rows: 12 }} />;
  return <CourseEditor key={course.data.id} course={course.data} />;
}

function CourseEditor({ course }: { course: AdminCourseDetail | null }) {
  const { message } = App.useApp();
  const { operator } = useSession();
  const [form] = Form.useForm<CourseFormValues>();
  const lookups = useLookups();
  const create = useCreateCourse();
  const update = useUpdateCourse(course?.id ?? 0);
  const setShelf = useSetShelf();
  const [dirty, setDirty] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  // The form starts from the course as first loaded; background refreshes (transcoding) leave it alone.
  const [initialValues] = useState<CourseFormValues>(() => (course ? toFormValues(course) : emptyCourseValues(operator?.lecturerId)));
  const isLecturer = operator?.role === 'lecturer';
  const mayShelve = hasRole(operator, 'owner', 'operator');
  const saving = create.isPending || update.isPending;
  useUnsavedGuard(dirty);

  const handleFinish = async (values: CourseFormValues) => {
    try {
      if (!course) {
        // A new course's "none" fields are null on the server already: leave them out.
        const payload = Object.fromEntries(Object.entries(toCoursePayload(values)).filter(([, v]) => v !== null)) as AdminCourseCreate;
        const created = await create.mutateAsync(payload);
        setDirty(false);
        message.success('课程已创建（未上架），现在可以添加章节');
        navigate(`/courses/${created.id}`, { replace: true });
        return;
      }
      const patch = diffCoursePayload(course, values);
      if (Object.keys(patch).length === 0) {
        setDirty(false);
        message.info('没有需要保存的修改');
        return;
      }
      const saved = await update.mutateAsync(patch);
      form.setFieldsValue(toFormValues(saved));
      setDirty(false);
      message.success('已保存');
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : '保存失败，请稍后再试');
    }
  };

  const handleShelf = async (onShelf: boolean) => {
    if (!course) return;
    try {
      await setShelf.mutateAsync({ id: course.id, onShelf });
      message.success(onShelf ? '课程已上架，学员现在可以看到它' : '课程已下架');
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : '操作失败，请稍后再试');
    }
  };

  const shelfSlot = (
    <Flex vertical gap={4} style={{ marginBottom: 24 }}>
      <Typography.Text id="course-shelf-label">上架状态</Typography.Text>
      {course ? (
        <Flex align="center" gap={12} wrap>
          <Popconfirm
            title={course.onShelf ? '下架这门课程？' : '上架这门课程？'}
            description={course.onShelf ? '下架后学员看不到它，已购学员仍可学习。' : '上架后学员即可看到并购买。未保存的修改不会一起上架，请先保存。'}
            okText={course.onShelf ? '下架' : '上架'}
            cancelText="取消"
            okButtonProps={{ danger: course.onShelf }}
            onConfirm={() => handleShelf(!course.onShelf)}
            disabled={!mayShelve}
          >
            <Switch
              checked={course.onShelf}
              loading={setShelf.isPending}
              disabled={!mayShelve}
              checkedChildren="已上架"
              unCheckedChildren="未上架"
              aria-labelledby="course-shelf-label"
            />
          </Popconfirm>
          {course.status === 2 && <CourseStatusTag status={course.status} />}
        </Flex>
      ) : (
        <Typography.Text type="secondary">新课程保存后为未上架，添加章节后再上架。</Typography.Text>
      )}
      {course && !mayShelve && <Typography.Text type="secondary">上架和下架由运营人员操作。</Typography.Text>}
    </Flex>
  );

  return (
    <div className="course-editor">
      <div className="course-editor-bar">
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Flex align="center" gap={12} style={{ minWidth: 0 }}>
            <Link to="/courses" className="course-back-link" aria-label="返回课程列表">
              <ArrowLeftOutlined aria-hidden="true" /> 课程列表
            </Link>
            <Typography.Title level={4} style={{ margin: 0, minWidth: 0 }} ellipsis={{ tooltip: true }}>
              {course ? course.title : '新建课程'}
            </Typography.Title>
            {course && <CourseStatusTag status={course.status} />}
            {dirty && (
              <Tag color="#ad4e00" role="status">
                有未保存的修改
              </Tag>
            )}
          </Flex>
          <Space wrap>
            {course && (
              <Typography.Text type="secondary" className="course-updated-at">
                更新于 {formatTime(course.updatedAt)}
              </Typography.Text>
            )}
            {course && (
              <Button icon={<MobileOutlined />} onClick={() => setPreviewOpen(true)} data-testid="course-preview">
                手机预览
              </Button>
            )}
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => form.submit()} data-testid="course-save">
              {course ? '保存' : '创建课程'}
            </Button>
          </Space>
        </Flex>
      </div>

      <Form<CourseFormValues>
        form={form}
        name="course"
        layout="vertical"
        initialValues={initialValues}
        onFinish={handleFinish}
        onFinishFailed={() => message.error('请先修正标红的项目')}
        onValuesChange={() => setDirty(true)}
        scrollToFirstError={{ block: 'center' }}
        disabled={saving}
      >
        <CourseFormFields
          form={form}
          lookups={lookups.data}
          lookupsLoading={lookups.isPending}
          lockLecturer={isLecturer}
          shelfSlot={shelfSlot}
        />
      </Form>

      <div style={{ marginTop: 16 }}>
        {course ? (
          <ChaptersPanel courseId={course.id} mediaType={course.mediaType} chapters={course.chapters} />
        ) : (
          <Result status="info" title="保存课程后即可添加章节和上传视频" style={{ background: '#fff', borderRadius: 8 }} />
        )}
      </div>

      {course && (
        <PhonePreview open={previewOpen} onClose={() => setPreviewOpen(false)} courseId={course.id} title={course.title} onShelf={course.onShelf} />
      )}
    </div>
  );
}
