import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast.ts';

const toasts = () => document.querySelectorAll('.jf-toast');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  toast.clear();
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows a short toast for 3 s', () => {
    toast.success('保存成功');
    expect(toasts()[0]?.textContent).toBe('保存成功');
    vi.advanceTimersByTime(2999);
    expect(toasts()[0]?.classList.contains('jf-toast--leaving')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(toasts()[0]?.classList.contains('jf-toast--leaving')).toBe(true);
    vi.advanceTimersByTime(200);
    expect(toasts()).toHaveLength(0);
  });

  it('shows a long toast for 8 s', () => {
    toast.info('请稍候', { long: true });
    vi.advanceTimersByTime(7999);
    expect(toasts()[0]?.classList.contains('jf-toast--leaving')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(toasts()[0]?.classList.contains('jf-toast--leaving')).toBe(true);
  });

  it('keeps one toast at a time', () => {
    toast.fail('失败了');
    toast.offline();
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]?.textContent).toBe('网络不可用，请检查网络设置');
    expect(toasts()[0]?.getAttribute('role')).toBe('alert');
  });

  it('keeps a loading toast until closed', () => {
    const close = toast.loading('提交中');
    vi.advanceTimersByTime(60_000);
    expect(toasts()[0]?.classList.contains('jf-toast--leaving')).toBe(false);
    close();
    vi.advanceTimersByTime(200);
    expect(toasts()).toHaveLength(0);
  });
});
