import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../src/app/app';
import { Providers } from '../src/app/providers';
import { createQueryClient } from '../src/app/query-client';
import type { Operator, OperatorRole } from '../src/lib/session';

export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => { code: number; message?: string; data?: unknown; status?: number } | undefined;

/** Replaces fetch with a table of `METHOD path` → envelope; records every call. */
export function mockApi(routes: Record<string, Handler | { code: number; message?: string; data?: unknown; status?: number }>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = { ...(init.headers as Record<string, string>) };
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, url, headers, body };
    calls.push(call);
    const path = url.split('?')[0];
    const route = routes[`${method} ${path}`];
    const answer = typeof route === 'function' ? route(call) : route;
    if (!answer) return new Response(JSON.stringify({ code: -10004, message: '接口不存在', data: null }), { status: 404 });
    return new Response(JSON.stringify({ code: answer.code, message: answer.message ?? '', data: answer.data ?? null }), {
      status: answer.status ?? (answer.code === 0 ? 200 : 400),
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function operator(role: OperatorRole, overrides: Partial<Operator> = {}): Operator {
  return { id: 1, phone: '138****0000', name: '王小明', role, lecturerId: null, corporateId: null, totpEnabled: false, ...overrides };
}

export const LOGIN_REQUIRED = { code: -10800, message: '请先登录管理后台', status: 401 };

export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(
    <Providers client={createQueryClient()}>
      <App />
    </Providers>,
  );
}
