export { MediaUpload } from './components/media-upload';
export type { MediaUploadProps } from './components/media-upload';
export { MediaStatus, STATUS_COLOURS } from './components/media-status';
export { useMediaAsset, isMoving, UPLOAD_ENDPOINT, mediaKeys } from './api/media-api';
export type { MediaAssetState, MediaStatusValue } from './api/media-api';
