import { Alert, Button, Flex, Popconfirm, Progress, Space, Typography, Upload } from 'antd';
import { CloseOutlined, CloudUploadOutlined, PauseOutlined, CaretRightOutlined, ReloadOutlined } from '@ant-design/icons';
import { UPLOAD_ENDPOINT } from '../api/media-api';
import { useTusUpload } from '../hooks/use-tus-upload';
import { MediaStatus } from './media-status';
import { formatBytes, formatRate, formatRemaining } from '../model/transfer-rate';
import '../media.css';

export interface MediaUploadProps {
  /** The chapter the media plays for (sent as tus metadata `chapterId`). */
  chapterId: number;
  courseId?: number;
  /** The file picker's filter, e.g. 'video/*'. */
  accept?: string;
  /** Upload finished (the server now transcodes): refresh whatever shows the chapter. */
  onUploaded?: (assetId: number | null) => void;
  /** Transcoding of the uploaded file ended (ready or failed). */
  onTranscoded?: () => void;
  disabled?: boolean;
  /** Show the transcoding state under the finished upload (off when the page shows it already). */
  showTranscode?: boolean;
  /** The chapter already has playable media: a new file replaces it once transcoded. */
  replacing?: boolean;
}

/**
 * Resumable upload of a chapter's media: drag a file in or pick one, watch the bytes go with
 * speed and time left, pause, continue or cancel. A cut connection is retried; choosing the same
 * file again later continues from what the server already holds.
 */
export function MediaUpload({ chapterId, courseId, accept = 'video/*,audio/*', onUploaded, onTranscoded, disabled, replacing, showTranscode = true }: MediaUploadProps) {
  const metadata: Record<string, string> = { chapterId: String(chapterId) };
  if (courseId !== undefined) metadata.courseId = String(courseId);
  const { state, start, pause, resume, cancel, reset } = useTusUpload({
    endpoint: UPLOAD_ENDPOINT,
    metadata,
    scope: `chapter-${chapterId}`,
    onSuccess: (assetId) => onUploaded?.(assetId),
  });
  const { phase, bytesSent, bytesTotal, rate } = state;
  const percent = bytesTotal > 0 ? Math.floor((bytesSent / bytesTotal) * 1000) / 10 : 0;

  if (phase === 'idle') {
    return (
      <Upload.Dragger
        accept={accept}
        multiple={false}
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          void start(file);
          // We send the file ourselves (tus), not antd's XHR.
          return false;
        }}
        aria-label="选择或拖入要上传的媒体文件"
        data-testid="media-upload-dragger"
      >
        <p className="ant-upload-drag-icon">
          <CloudUploadOutlined aria-hidden="true" />
        </p>
        <p className="ant-upload-text">点击选择文件，或把文件拖到这里</p>
        <p className="ant-upload-hint">
          {replacing ? '新文件转码完成前，学员仍播放当前的版本。' : ''}
          支持断点续传：网络中断后重新选择同一文件即可从中断处继续
        </p>
      </Upload.Dragger>
    );
  }

  const statusLine =
    phase === 'uploading'
      ? [`${formatBytes(bytesSent)} / ${formatBytes(bytesTotal)}`, rate > 0 ? formatRate(rate) : '', rate > 0 ? `剩余${formatRemaining(bytesTotal - bytesSent, rate)}` : '']
          .filter(Boolean)
          .join(' · ')
      : phase === 'paused'
        ? `已暂停 · ${formatBytes(bytesSent)} / ${formatBytes(bytesTotal)}`
        : phase === 'done'
          ? `上传完成 · ${formatBytes(bytesTotal)}`
          : `${formatBytes(bytesSent)} / ${formatBytes(bytesTotal)}`;

  return (
    <div className="media-upload" data-testid="media-upload-progress">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text strong ellipsis style={{ maxWidth: 360 }} title={state.fileName}>
          {state.fileName}
        </Typography.Text>
        <Space size="small">
          {phase === 'uploading' && (
            <Button size="small" icon={<PauseOutlined />} onClick={pause}>
              暂停
            </Button>
          )}
          {phase === 'paused' && (
            <Button size="small" type="primary" icon={<CaretRightOutlined />} onClick={resume}>
              继续
            </Button>
          )}
          {phase === 'error' && (
            <Button size="small" type="primary" icon={<ReloadOutlined />} onClick={resume}>
              继续
            </Button>
          )}
          {phase !== 'done' && (
            <Popconfirm
              title="取消上传？"
              description="已上传的部分会被删除。"
              okText="取消上传"
              cancelText="继续上传"
              okButtonProps={{ danger: true }}
              onConfirm={() => void cancel()}
            >
              <Button size="small" icon={<CloseOutlined />}>
                取消
              </Button>
            </Popconfirm>
          )}
          {phase === 'done' && (
            <Button size="small" onClick={reset}>
              换一个文件
            </Button>
          )}
        </Space>
      </Flex>
      <Progress
        percent={percent}
        status={phase === 'error' ? 'exception' : phase === 'done' ? 'success' : phase === 'uploading' ? 'active' : 'normal'}
        aria-label={`上传进度 ${percent}%`}
      />
      <Typography.Text type="secondary" aria-live="polite">
        {state.resumed && phase !== 'done' ? '已从上次中断处继续 · ' : ''}
        {statusLine}
      </Typography.Text>
      {phase === 'error' && state.error && <Alert type="error" showIcon title={state.error} style={{ marginTop: 8 }} />}
      {phase === 'done' && (
        <Flex align="center" gap={8} wrap style={{ marginTop: 8 }}>
          <Typography.Text>文件已交给服务器转码，转好后章节显示“可播放”。</Typography.Text>
          {showTranscode && state.assetId !== null && <MediaStatus status="pending" assetId={state.assetId} onSettled={onTranscoded} />}
        </Flex>
      )}
    </div>
  );
}
