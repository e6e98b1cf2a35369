import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_PHONE } from '@jinfa/shared/errors';
import { describeError, resetErrorPopup, showErrorPopup } from './error-popup.ts';
import { connectRouter } from './session.ts';

const popups = () => document.querySelectorAll('[data-testid="error-popup"]');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  resetErrorPopup();
  connectRouter(null);
  vi.useRealTimers();
});

describe('describeError', () => {
  it('takes title and content from the catalogue, filling in the support phone', () => {
    const locked = describeError(-1797);
    expect(locked).toMatchObject({ title: '账号已锁定', phone: SUPPORT_PHONE, contactSupport: false });
    expect(locked?.content).toBe(`您的账号已被锁定，如有疑问请联系客服 ${SUPPORT_PHONE}`);
    expect(describeError(-1285)).toMatchObject({ title: '提示', content: '报名已结束' });
  });

  it('keeps the catalogue link', () => {
    expect(describeError(262148)?.link).toEqual({ text: '去完善资料', href: '/userCenter/myInfo' });
  });

  it('is null for silent codes', () => {
    for (const code of [-1296, -1283, -1345, -1793, -45107, -1289, 403, -10005]) {
      expect(describeError(code)).toBeNull();
    }
  });

  it('shows the server message and the code for unknown codes, with a contact button', () => {
    expect(describeError(-777, '库存不足')).toEqual({
      title: '提示',
      content: '库存不足（错误码 -777）',
      contactSupport: true,
    });
    expect(describeError(-778)?.content).toBe('服务器异常（错误码 -778）');
    expect(describeError(-779, '   ')?.content).toBe('服务器异常（错误码 -779）');
  });
});

describe('showErrorPopup', () => {
  it('never shows silent codes', () => {
    expect(showErrorPopup(-1048, '暂无数据')).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(popups()).toHaveLength(0);
  });

  it('shows the popup after the 200 ms debounce, with title, content and phone link', () => {
    expect(showErrorPopup(-50000, 'boom')).toBe(true);
    vi.advanceTimersByTime(199);
    expect(popups()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    const popup = popups()[0] as HTMLElement;
    expect(popup).toBeDefined();
    expect(popup.textContent).toContain('服务器异常，请联系客服');
    const tel = popup.querySelector('a[href^="tel:"]');
    expect(tel?.getAttribute('href')).toBe(`tel:${SUPPORT_PHONE}`);
  });

  it('collapses a burst of errors within 200 ms into one popup (the last one)', () => {
    showErrorPopup(-1284);
    vi.advanceTimersByTime(150);
    showErrorPopup(-1285);
    vi.advanceTimersByTime(150);
    showErrorPopup(-1281);
    vi.advanceTimersByTime(199);
    expect(popups()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(popups()).toHaveLength(1);
    expect(popups()[0]?.textContent).toContain('课程已下架');
  });

  it('errors more than 200 ms apart each show (replacing the open popup)', () => {
    showErrorPopup(-1284);
    vi.advanceTimersByTime(200);
    expect(popups()[0]?.textContent).toContain('报名尚未开始');
    showErrorPopup(-1285);
    vi.advanceTimersByTime(200);
    expect(popups()).toHaveLength(1);
    expect(popups()[0]?.textContent).toContain('报名已结束');
  });

  it('offers 联系客服 (tel:) for unknown codes and closes on 取消', () => {
    showErrorPopup(-4242, '奇怪的错误');
    vi.advanceTimersByTime(200);
    const popup = popups()[0] as HTMLElement;
    expect(popup.textContent).toContain('奇怪的错误（错误码 -4242）');
    const contact = [...popup.querySelectorAll('a')].find((a) => a.textContent === '联系客服');
    expect(contact?.getAttribute('href')).toBe(`tel:${SUPPORT_PHONE}`);
    const cancel = [...popup.querySelectorAll('button')].find((b) => b.textContent === '取消');
    cancel?.click();
    expect(popups()).toHaveLength(0);
  });

  it('navigates in-app from the link button', () => {
    const navigate = vi.fn();
    connectRouter({ navigate, location: () => '/' });
    showErrorPopup(262149);
    vi.advanceTimersByTime(200);
    const go = [...document.querySelectorAll('[data-testid="error-popup"] button')].find((b) => b.textContent === '去完善资料');
    (go as HTMLButtonElement).click();
    expect(navigate).toHaveBeenCalledWith('/userCenter/myInfo', undefined);
    expect(popups()).toHaveLength(0);
  });

  it('closes when the learner goes back', () => {
    showErrorPopup(-1284);
    vi.advanceTimersByTime(200);
    expect(popups()).toHaveLength(1);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(popups()).toHaveLength(0);
  });
});
