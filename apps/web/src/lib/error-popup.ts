import { Limits } from '@jinfa/shared/enums';
import { SUPPORT_PHONE, isSilentCode, lookupError } from '@jinfa/shared/errors';
import { navigateInApp } from './session.ts';
import './error-popup.css';

/**
 * The error popup of spec §8: title, content from the shared catalogue, an optional support
 * phone and link button. Silent codes never show; bursts within 200 ms show one popup (the last
 * error wins). Built from plain DOM nodes so it can live in the first chunk without pulling
 * antd-mobile's Dialog and its animation library.
 */

export const UNKNOWN_ERROR_TEXT = '服务器异常';
const DEFAULT_TITLE = '提示';

export interface PopupContent {
  title: string;
  content: string;
  /** Support phone shown as a tel: link under the content. */
  phone?: string;
  link?: { text: string; href: string };
  /** Unknown codes offer a 联系客服 button. */
  contactSupport: boolean;
}

/** What the popup for `code` says, or null when the code is silent. */
export function describeError(code: number, serverMessage?: string, phone: string = SUPPORT_PHONE): PopupContent | null {
  if (isSilentCode(code)) return null;
  const entry = lookupError(code);
  if (!entry) {
    const text = serverMessage?.trim() || UNKNOWN_ERROR_TEXT;
    return { title: DEFAULT_TITLE, content: `${text}（错误码 ${code}）`, contactSupport: true };
  }
  return {
    title: entry.title ?? DEFAULT_TITLE,
    content: entry.message.replace('{phone}', phone),
    phone: entry.showPhone ? phone : undefined,
    link: entry.link ? { text: entry.link.text, href: entry.link.href } : undefined,
    contactSupport: false,
  };
}

let pending: { timer: ReturnType<typeof setTimeout>; content: PopupContent } | null = null;
let openNode: HTMLElement | null = null;

export function closeErrorPopup(): void {
  openNode?.remove();
  openNode = null;
  window.removeEventListener('popstate', closeErrorPopup);
  window.removeEventListener('hashchange', closeErrorPopup);
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

function render(content: PopupContent): void {
  closeErrorPopup();
  const root = el('div', 'jf-popup');
  root.setAttribute('role', 'alertdialog');
  root.setAttribute('aria-modal', 'true');
  root.setAttribute('data-testid', 'error-popup');
  const mask = el('div', 'jf-popup__mask');
  const card = el('div', 'jf-popup__card');
  const title = el('div', 'jf-popup__title', content.title);
  title.id = 'jf-popup-title';
  root.setAttribute('aria-labelledby', title.id);
  card.appendChild(title);
  card.appendChild(el('div', 'jf-popup__content', content.content));
  if (content.phone) {
    const line = el('div', 'jf-popup__phone', '客服电话：');
    const tel = el('a', 'jf-popup__tel', content.phone);
    tel.href = `tel:${content.phone}`;
    line.appendChild(tel);
    card.appendChild(line);
  }
  const actions = el('div', 'jf-popup__actions');
  const close = el('button', 'jf-popup__btn', content.link || content.contactSupport ? '取消' : '知道了');
  close.type = 'button';
  close.addEventListener('click', closeErrorPopup);
  actions.appendChild(close);
  if (content.link) {
    const { href, text } = content.link;
    const go = el('button', 'jf-popup__btn jf-popup__btn--primary', text);
    go.type = 'button';
    go.addEventListener('click', () => {
      closeErrorPopup();
      navigateInApp(href);
    });
    actions.appendChild(go);
  } else if (content.contactSupport) {
    const call = el('a', 'jf-popup__btn jf-popup__btn--primary', '联系客服');
    call.href = `tel:${SUPPORT_PHONE}`;
    actions.appendChild(call);
  }
  card.appendChild(actions);
  root.appendChild(mask);
  root.appendChild(card);
  document.body.appendChild(root);
  openNode = root;
  // Going back (or following a hash link) leaves the page the error belonged to.
  window.addEventListener('popstate', closeErrorPopup);
  window.addEventListener('hashchange', closeErrorPopup);
  close.focus({ preventScroll: true });
}

/**
 * Queue the popup for `code`. Returns false when nothing will show (silent code).
 * Repeated calls within the debounce window replace each other; one popup appears.
 */
export function showErrorPopup(code: number, serverMessage?: string): boolean {
  const content = describeError(code, serverMessage);
  if (!content || typeof document === 'undefined') return false;
  if (pending) clearTimeout(pending.timer);
  const timer = setTimeout(() => {
    const next = pending?.content;
    pending = null;
    if (next) render(next);
  }, Limits.POPUP_DEBOUNCE_MS);
  pending = { timer, content };
  return true;
}

/** For tests: forget queued and open popups. */
export function resetErrorPopup(): void {
  if (pending) clearTimeout(pending.timer);
  pending = null;
  closeErrorPopup();
}
