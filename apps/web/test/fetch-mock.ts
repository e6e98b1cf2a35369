import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

export function envelope(data: unknown, code = 0, message = code === 0 ? 'ok' : 'error', status = 200): Response {
  return new Response(JSON.stringify({ code, message, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Handler = (call: Call) => Response | Promise<Response>;

/**
 * Replace global fetch with a router keyed by "METHOD /path" (or "/path" for any method).
 * Unknown paths answer 404 with the envelope the server uses. Returns the recorded calls.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const body = typeof init.body === 'string' && init.body ? (JSON.parse(init.body) as unknown) : undefined;
    const call: Call = { method, path: url.pathname, url, headers, body };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
    if (!handler) return envelope(null, -10004, '您访问的内容不存在', 404);
    return handler(call);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}
