import { Limits } from '@jinfa/shared/enums';
import './toast.css';

/**
 * Toasts of spec §9 (info, success, fail, offline, loading; short 3 s, long 8 s). A few DOM
 * nodes instead of antd-mobile's Toast, which would pull its animation library into the first
 * chunk. One toast at a time: a new one replaces the old.
 */

export type ToastKind = 'info' | 'success' | 'fail' | 'offline' | 'loading';

export interface ToastOptions {
  /** Show for 8 s instead of 3 s. */
  long?: boolean;
  /** Explicit duration in ms; 0 keeps it until closed. */
  duration?: number;
}

const ICONS: Record<Exclude<ToastKind, 'info'>, string> = {
  success:
    '<svg viewBox="0 0 48 48" aria-hidden="true"><path d="M12 25l8 8 16-17" fill="none" stroke="currentColor" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  fail: '<svg viewBox="0 0 48 48" aria-hidden="true"><circle cx="24" cy="24" r="17" fill="none" stroke="currentColor" stroke-width="3.5"/><path d="M24 15v11" stroke="currentColor" stroke-width="3.5" stroke-linecap="round"/><circle cx="24" cy="32.5" r="2.3" fill="currentColor"/></svg>',
  offline:
    '<svg viewBox="0 0 48 48" aria-hidden="true"><path d="M6 19a26 26 0 0 1 36 0M12 26a17 17 0 0 1 24 0M18 33a8 8 0 0 1 12 0" fill="none" stroke="currentColor" stroke-width="3.5" stroke-linecap="round"/><circle cx="24" cy="39" r="2.5" fill="currentColor"/><path d="M9 9l30 32" stroke="currentColor" stroke-width="3.5" stroke-linecap="round"/></svg>',
  loading: '<span class="jf-toast__spinner" aria-hidden="true"></span>',
};

const DEFAULT_TEXT: Partial<Record<ToastKind, string>> = {
  offline: '网络不可用，请检查网络设置',
  loading: '加载中…',
};

let current: { node: HTMLElement; timer: ReturnType<typeof setTimeout> | undefined; shownAt: number } | null = null;

/** Window event the app shell fires after each route change (app/root-layout.tsx). */
export const ROUTE_CHANGE_EVENT = 'jf:routechange';
/**
 * A toast shown this recently announces the action that changed the page (登录成功, then the
 * page the learner came from) and stays; an older one belongs to the page left behind and goes
 * (issue 11 §10: a toast stayed across pages).
 */
export const ROUTE_CHANGE_GRACE_MS = 1500;

/** Closes the toast unless it was shown within ROUTE_CHANGE_GRACE_MS. */
export function dismissStaleToast(now: number = Date.now()): void {
  if (current && now - current.shownAt >= ROUTE_CHANGE_GRACE_MS) dismiss(current.node);
}

if (typeof window !== 'undefined') window.addEventListener(ROUTE_CHANGE_EVENT, () => dismissStaleToast());

function dismiss(node: HTMLElement): void {
  if (current?.node !== node) return;
  clearTimeout(current.timer);
  current = null;
  node.classList.add('jf-toast--leaving');
  setTimeout(() => node.remove(), 160);
}

/** Shows a toast and returns a function that closes it. */
export function showToast(kind: ToastKind, text?: string, options: ToastOptions = {}): () => void {
  if (typeof document === 'undefined') return () => {};
  if (current) {
    clearTimeout(current.timer);
    current.node.remove();
    current = null;
  }
  const node = document.createElement('div');
  node.className = `jf-toast jf-toast--${kind}`;
  node.setAttribute('role', kind === 'fail' || kind === 'offline' ? 'alert' : 'status');
  node.setAttribute('aria-live', 'polite');
  if (kind === 'loading') node.classList.add('jf-toast--blocking');
  const body = document.createElement('div');
  body.className = 'jf-toast__body';
  if (kind !== 'info') {
    const icon = document.createElement('div');
    icon.className = 'jf-toast__icon';
    icon.innerHTML = ICONS[kind];
    body.appendChild(icon);
  }
  const label = document.createElement('div');
  label.className = 'jf-toast__text';
  label.textContent = text ?? DEFAULT_TEXT[kind] ?? '';
  body.appendChild(label);
  node.appendChild(body);
  document.body.appendChild(node);

  const duration =
    options.duration ?? (kind === 'loading' ? 0 : options.long ? Limits.TOAST_LONG_MS : Limits.TOAST_SHORT_MS);
  const entry = { node, timer: undefined as ReturnType<typeof setTimeout> | undefined, shownAt: Date.now() };
  current = entry;
  if (duration > 0) entry.timer = setTimeout(() => dismiss(node), duration);
  return () => dismiss(node);
}

export const toast = {
  info: (text: string, options?: ToastOptions) => showToast('info', text, options),
  success: (text: string, options?: ToastOptions) => showToast('success', text, options),
  fail: (text: string, options?: ToastOptions) => showToast('fail', text, options),
  offline: (text?: string, options?: ToastOptions) => showToast('offline', text, options),
  loading: (text?: string, options?: ToastOptions) => showToast('loading', text, options),
  clear: () => {
    if (current) dismiss(current.node);
  },
};
