import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import Button from 'antd/es/button';
import Result from 'antd/es/result';

interface State {
  error: Error | null;
}

/** A page that throws (or whose chunk fails to load after a deploy) shows this, not a blank screen. */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="error"
        title="页面出错了"
        subTitle="请刷新页面后重试；如果问题仍然存在，请联系技术支持。"
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
        }
      />
    );
  }
}
