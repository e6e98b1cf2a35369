import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { loginAddressErrorText } from './login-errors.ts';

describe('loginAddressErrorText (spec §8 login address fetch)', () => {
  it('asks for the messaging app or the App when the server says so', () => {
    expect(loginAddressErrorText(new ApiError(-10018, '请在微信或App中登录', 200))).toBe('请使用微信或App登录');
  });

  it('names the code for other business errors', () => {
    expect(loginAddressErrorText(new ApiError(-10017, '授权失败', 200))).toBe('操作失败，请稍后重试，错误码 -10017');
  });

  it('says login is unavailable on network failure', () => {
    expect(loginAddressErrorText(new ApiError(-1, '网络不可用', 0))).toBe('暂时无法登录，请稍后重试');
    expect(loginAddressErrorText(new TypeError('Failed to fetch'))).toBe('暂时无法登录，请稍后重试');
  });
});
