/**
 * What a page shows when its list or record could not be loaded: the server's message (coded
 * errors carry a Chinese one) and a retry button.
 */
import { Alert, Button } from 'antd';
import { ApiError } from './api';

export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return '服务器异常，请稍后再试';
}

export function LoadError({ error, onRetry, title = '加载失败' }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      description={errorText(error)}
      action={onRetry ? <Button onClick={onRetry}>重试</Button> : undefined}
      style={{ marginBottom: 16 }}
    />
  );
}
