import { App, Divider, Flex, Form, Input, InputNumber, Modal, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { fenToYuan, yuanToFen } from '../../../lib/format';
import { MediaStatus, MediaUpload } from '../../media';
import { courseKeys, useCreateChapter, useUpdateChapter } from '../api/course-api';
import type { AdminChapter } from '../api/course-api';
import { priceProblem } from '../model/course-form';

interface ChapterFormValues {
  title: string;
  isFree: boolean;
  published: boolean;
  /** Yuan. */
  price: number | null;
}

export interface ChapterModalProps {
  open: boolean;
  courseId: number;
  /** 1 video, 2 audio: what the upload accepts. */
  mediaType: number;
  /** The chapter to edit; null adds one. */
  chapter: AdminChapter | null;
  /** The course's chapters as last fetched, to follow a chapter's media after upload. */
  chapters: readonly AdminChapter[];
  onClose: () => void;
}

function initialValues(chapter: AdminChapter | null): ChapterFormValues {
  return chapter
    ? { title: chapter.title, isFree: chapter.isFree, published: chapter.published, price: fenToYuan(chapter.price) }
    : { title: '', isFree: false, published: true, price: 0 };
}

/**
 * Adds or edits a chapter. A new chapter is saved first (the upload needs its id); the dialog then
 * stays open on it so the operator can upload its media straight away.
 */
export function ChapterModal({ open, courseId, mediaType, chapter, chapters, onClose }: ChapterModalProps) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<ChapterFormValues>();
  // Set when a chapter was just created in this dialog.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const create = useCreateChapter(courseId);
  const update = useUpdateChapter(courseId);
  const editingId = chapter?.id ?? createdId;
  const current = editingId !== null ? (chapters.find((c) => c.id === editingId) ?? chapter) : null;
  const saving = create.isPending || update.isPending;

  const handleSave = async () => {
    let values: ChapterFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      title: values.title.trim(),
      isFree: !!values.isFree,
      published: !!values.published,
      price: yuanToFen(values.price ?? 0),
    };
    try {
      if (editingId === null) {
        const created = await create.mutateAsync(body);
        setCreatedId(created.id);
        message.success('章节已添加，现在可以上传媒体文件');
      } else {
        await update.mutateAsync({ id: editingId, body });
        message.success('章节已保存');
        onClose();
      }
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : '保存失败，请稍后再试');
    }
  };

  const refreshCourse = () => void client.invalidateQueries({ queryKey: courseKeys.detail(courseId) });

  return (
    <Modal
      open={open}
      title={editingId === null ? '添加章节' : `编辑章节${current ? `：${current.title}` : ''}`}
      okText={editingId === null ? '保存并上传媒体' : '保存'}
      cancelText={createdId !== null ? '完成' : '取消'}
      onOk={handleSave}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      width={640}
      afterClose={() => setCreatedId(null)}
    >
      <Form<ChapterFormValues> form={form} layout="vertical" initialValues={initialValues(chapter)} preserve={false} name="chapter">
        <Form.Item
          name="title"
          label="章节标题"
          rules={[
            { required: true, whitespace: true, message: '请填写章节标题' },
            { max: 100, message: '标题最多 100 个字' },
          ]}
        >
          <Input placeholder="例如：第一讲 票据法概述" maxLength={100} showCount />
        </Form.Item>
        <Flex gap={24} wrap>
          <Form.Item
            name="price"
            label="单章价格（元）"
            tooltip="按章节售卖时的价格；0 表示本章不单独售卖"
            rules={[{ validator: (_, v) => (priceProblem(v) ? Promise.reject(new Error(priceProblem(v)!)) : Promise.resolve()) }]}
          >
            <InputNumber<number> prefix="¥" precision={2} step={1} style={{ width: 180 }} placeholder="0.00" />
          </Form.Item>
          <Form.Item name="isFree" label="免费试看" valuePropName="checked">
            <Switch checkedChildren="试看" unCheckedChildren="否" />
          </Form.Item>
          <Form.Item name="published" label="对学员可见" valuePropName="checked" tooltip="关闭后学员看不到本章，已购学员也不能播放">
            <Switch checkedChildren="可见" unCheckedChildren="隐藏" />
          </Form.Item>
        </Flex>
      </Form>
      <Divider titlePlacement="start" plain>
        媒体文件
      </Divider>
      {current ? (
        <Flex vertical gap={12}>
          <Flex align="center" gap={8}>
            <Typography.Text>当前状态：</Typography.Text>
            <MediaStatus status={current.mediaStatus} assetId={current.mediaAssetId} onSettled={refreshCourse} />
          </Flex>
          <MediaUpload
            chapterId={current.id}
            courseId={courseId}
            accept={mediaType === 2 ? 'audio/*,video/*' : 'video/*'}
            onUploaded={refreshCourse}
            showTranscode={false}
            replacing={current.mediaStatus === 'ready'}
          />
        </Flex>
      ) : (
        <Typography.Text type="secondary">先保存章节，再上传它的视频或音频。</Typography.Text>
      )}
    </Modal>
  );
}
