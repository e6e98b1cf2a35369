/**
 * One resumable upload with tus-js-client (docs/console.md, "Media uploads"). The file's
 * fingerprint (chapter, name, type, size, mtime) is kept in localStorage by tus-js-client, so
 * choosing the same file again after a dropped connection or a reload continues where the
 * server stopped instead of starting over. Every tus request carries the session's CSRF token.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import type { DetailedError, PreviousUpload } from 'tus-js-client';
import { errorMessage } from '@jinfa/shared/errors';
import { getCsrfToken } from '../../../lib/api';
import { addSample, bytesPerSecond } from '../model/transfer-rate';
import type { RateSample } from '../model/transfer-rate';

export type UploadPhase = 'idle' | 'uploading' | 'paused' | 'done' | 'error';

export interface UploadState {
  phase: UploadPhase;
  fileName: string;
  bytesSent: number;
  bytesTotal: number;
  /** Bytes a second over the last few seconds. */
  rate: number;
  /** Continued an earlier upload of the same file. */
  resumed: boolean;
  /** The media asset the finished upload became (video and audio). */
  assetId: number | null;
  error: string | null;
}

export interface TusUploadOptions {
  endpoint: string;
  /** Sent as tus Upload-Metadata (filename and filetype are added). */
  metadata: Record<string, string>;
  /** Tells uploads of the same file to different targets apart (the chapter id, say). */
  scope: string;
  /** Bytes a PATCH carries; a cut connection loses at most one chunk. */
  chunkSize?: number;
  /** The finished upload and the server's media asset id (X-Media-Asset-Id), when it made one. */
  onSuccess?: (assetId: number | null) => void;
}

const IDLE: UploadState = { phase: 'idle', fileName: '', bytesSent: 0, bytesTotal: 0, rate: 0, resumed: false, assetId: null, error: null };

// Retry a dropped connection for about a minute before asking the operator.
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

/** The server's own words for a refused request (its envelope), else a plain sentence. */
export function uploadErrorMessage(error: Error | DetailedError): string {
  const response = (error as DetailedError).originalResponse;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { code?: unknown; message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
      if (typeof body.code === 'number') return errorMessage(body.code);
    } catch {
      // Not JSON: a tus server's plain-text answer or a proxy page.
    }
    const status = response.getStatus();
    if (status === 401) return '登录已失效，请重新登录后继续上传';
    if (status === 403) return '没有权限上传到这个章节';
    if (status === 413) return '文件太大，无法上传';
    if (status >= 500) return '服务器暂时无法接收文件，请稍后点击“继续”';
    return `上传被拒绝（${status}）`;
  }
  return '网络连接中断，请检查网络后点击“继续”';
}

export function useTusUpload(options: TusUploadOptions) {
  const [state, setState] = useState<UploadState>(IDLE);
  const uploadRef = useRef<Upload | null>(null);
  const samplesRef = useRef<RateSample[]>([]);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  // Leaving the page pauses the upload; the stored fingerprint lets it continue later.
  useEffect(
    () => () => {
      void uploadRef.current?.abort();
      uploadRef.current = null;
    },
    [],
  );

  const start = useCallback(async (file: File) => {
    const { endpoint, metadata, scope, chunkSize, onSuccess } = optionsRef.current;
    void uploadRef.current?.abort();
    samplesRef.current = [];
    setState({ ...IDLE, phase: 'uploading', fileName: file.name, bytesTotal: file.size });

    const upload: Upload = new Upload(file, {
      endpoint,
      chunkSize: chunkSize ?? 16 * 1024 * 1024,
      retryDelays: RETRY_DELAYS,
      metadata: { ...metadata, filename: file.name, filetype: file.type || 'application/octet-stream' },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      fingerprint: async (f: File) => ['jf-admin-upload', scope, f.name, f.type, f.size, f.lastModified].join(':'),
      onBeforeRequest: (req) => {
        const token = getCsrfToken();
        if (token) req.setHeader('X-CSRF-Token', token);
      },
      onProgress: (sent, total) => {
        samplesRef.current = addSample(samplesRef.current, { at: Date.now(), bytes: sent });
        const rate = bytesPerSecond(samplesRef.current);
        setState((s) => (s.phase === 'uploading' ? { ...s, bytesSent: sent, bytesTotal: total, rate } : s));
      },
      onSuccess: ({ lastResponse }) => {
        const header = Number(lastResponse.getHeader('X-Media-Asset-Id'));
        const assetId = Number.isInteger(header) && header > 0 ? header : null;
        setState((s) => ({ ...s, phase: 'done', bytesSent: s.bytesTotal, rate: 0, assetId }));
        onSuccess?.(assetId);
      },
      onError: (error) => {
        setState((s) => ({ ...s, phase: 'error', rate: 0, error: uploadErrorMessage(error) }));
      },
    });
    uploadRef.current = upload;

    let previous: PreviousUpload[] = [];
    try {
      previous = await upload.findPreviousUploads();
    } catch {
      previous = [];
    }
    if (uploadRef.current !== upload) return;
    const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
    if (latest) {
      upload.resumeFromPreviousUpload(latest);
      setState((s) => ({ ...s, resumed: true }));
    }
    upload.start();
  }, []);

  const pause = useCallback(() => {
    void uploadRef.current?.abort();
    samplesRef.current = [];
    setState((s) => (s.phase === 'uploading' ? { ...s, phase: 'paused', rate: 0 } : s));
  }, []);

  const resume = useCallback(() => {
    const upload = uploadRef.current;
    if (!upload) return;
    samplesRef.current = [];
    setState((s) => ({ ...s, phase: 'uploading', error: null }));
    upload.start();
  }, []);

  /** Stops and asks the server to delete what it received (and forgets the fingerprint). */
  const cancel = useCallback(async () => {
    const upload = uploadRef.current;
    uploadRef.current = null;
    setState(IDLE);
    if (upload) {
      try {
        await upload.abort(true);
      } catch {
        // The server may not support termination; the partial upload then expires on its own.
      }
    }
  }, []);

  const reset = useCallback(() => {
    uploadRef.current = null;
    setState(IDLE);
  }, []);

  return { state, start, pause, resume, cancel, reset };
}
