import { Flex, Progress, Tag, Tooltip, Typography } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { useEffect, useRef } from 'react';
import { isMoving, useMediaAsset } from '../api/media-api';

// Solid tags with white text: antd's light preset tags fall below 4.5:1 contrast.
export const STATUS_COLOURS = {
  none: '#595959',
  pending: '#ad4e00',
  processing: '#0958d9',
  ready: '#237804',
  failed: '#cf1322',
} as const;

export interface MediaStatusProps {
  /** The chapter's media status as the course says (null: nothing uploaded). */
  status: string | null;
  assetId: number | null;
  /** Called once when a watched asset settles (ready or failed), to refresh what shows it. */
  onSettled?: (status: 'ready' | 'failed') => void;
}

/**
 * A chapter's media: 未上传 / 等待转码 / 转码中 with its progress / 可播放 / 失败 with the reason.
 * While the media moves it asks the server every two seconds.
 */
export function MediaStatus({ status, assetId, onSettled }: MediaStatusProps) {
  const watch = isMoving(status) || status === 'failed';
  const asset = useMediaAsset(assetId, watch);
  // The asset's own answer is fresher than the course's; fall back to the course's when unknown.
  const live = (watch ? asset.data?.status : undefined) ?? status;
  const settledRef = useRef(false);

  useEffect(() => {
    if (!watch || settledRef.current) return;
    const s = asset.data?.status;
    if (s === 'ready' || s === 'failed') {
      settledRef.current = true;
      onSettled?.(s);
    }
  }, [asset.data?.status, watch, onSettled]);

  if (!live) return <Tag color={STATUS_COLOURS.none}>未上传</Tag>;
  if (live === 'ready') return <Tag color={STATUS_COLOURS.ready}>可播放</Tag>;
  if (live === 'pending') {
    return (
      <Tag color={STATUS_COLOURS.pending} icon={<LoadingOutlined />}>
        等待转码
      </Tag>
    );
  }
  if (live === 'processing') {
    const pct = Math.max(0, Math.min(100, Math.round(asset.data?.progress ?? 0)));
    return (
      <Flex align="center" gap={8} style={{ minWidth: 150 }}>
        <Tag color={STATUS_COLOURS.processing} icon={<LoadingOutlined />} style={{ marginInlineEnd: 0 }}>
          转码中
        </Tag>
        <Progress percent={pct} size="small" style={{ width: 90, margin: 0 }} aria-label={`转码进度 ${pct}%`} />
      </Flex>
    );
  }
  if (live === 'failed') {
    const reason = asset.data?.error || '转码失败，请重新上传';
    return (
      <Flex align="center" gap={6} style={{ minWidth: 0 }}>
        <Tag color={STATUS_COLOURS.failed} style={{ marginInlineEnd: 0 }}>
          失败
        </Tag>
        <Tooltip title={reason}>
          <Typography.Text type="danger" ellipsis style={{ maxWidth: 200 }}>
            {reason}
          </Typography.Text>
        </Tooltip>
      </Flex>
    );
  }
  return <Tag color={STATUS_COLOURS.none}>{live}</Tag>;
}
