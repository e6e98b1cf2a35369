/**
 * Media endpoints the console uses (docs/console.md, "Media uploads"): the tus endpoint uploads
 * are created at, and an asset's transcoding state to watch until it can play.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** tus creation endpoint (POST creates, PATCH sends bytes, HEAD asks the offset). */
export const UPLOAD_ENDPOINT = '/v1/admin/uploads';

export type MediaStatusValue = 'pending' | 'processing' | 'ready' | 'failed';

export interface MediaAssetState {
  assetId: number;
  status: MediaStatusValue;
  /** 0–100 while transcoding. */
  progress: number;
  /** Why transcoding failed, in words an operator can act on. */
  error: string | null;
  durationSeconds: number | null;
}

export const mediaKeys = {
  asset: (id: number) => ['admin-media-asset', id] as const,
};

export function isMoving(status: string | null | undefined): boolean {
  return status === 'pending' || status === 'processing';
}

/**
 * An asset's state, polled every two seconds while it waits or transcodes and left alone once
 * it is ready or failed. Off when there is no asset.
 */
export function useMediaAsset(assetId: number | null | undefined, enabled = true) {
  return useQuery({
    queryKey: mediaKeys.asset(assetId ?? 0),
    queryFn: ({ signal }) => api.get<MediaAssetState>(`/v1/admin/media/${assetId}`, undefined, { signal }),
    enabled: enabled && !!assetId,
    refetchInterval: (query) => (query.state.status !== 'error' && isMoving(query.state.data?.status ?? 'pending') ? 2000 : false),
    retry: false,
  });
}
