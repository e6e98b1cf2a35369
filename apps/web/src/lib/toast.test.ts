import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_CHANGE_EVENT, ROUTE_CHANGE_GRACE_MS, toast } from './toast.ts';

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

describe('toast across pages', () => {
  it('closes a toast of the page left behind when the route changes', () => {
    toast.info('请稍候', { long: true });
    vi.advanceTimersByTime(ROUTE_CHANGE_GRACE_MS);
    window.dispatchEvent(new Event(ROUTE_CHANGE_EVENT));
    expect(toasts()[0]?.classList.contains('jf-toast--leaving')).toBe(true);
    vi.advanceTimersByTime(200);
    expect(toasts()).toHaveLength(0);
  });

  it('keeps the toast that announced the change of page (登录成功, then back)', () => {
    toast.success('登录成功');
    vi.advanceTimersByTime(ROUTE_CHANGE_GRACE_MS - 1);
    window.dispatchEvent(new Event(ROUTE_CHANGE_EVENT));
    expect(toasts()[0]?.classList.contains('jf-toast--leaving')).toBe(false);
  });

  it('closes a loading toast that its page never closed', () => {
    toast.loading('提交中');
    vi.advanceTimersByTime(5000);
    window.dispatchEvent(new Event(ROUTE_CHANGE_EVENT));
    vi.advanceTimersByTime(200);
    expect(toasts()).toHaveLength(0);
  });
});
