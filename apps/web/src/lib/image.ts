/**
 * Image links from our own file hosts get resize parameters (spec §5). We use the object
 * storage's documented processing parameter, `x-oss-process=image/resize,…`:
 *   width and height → `image/resize,m_fill,w_{w},h_{h}` (cover-crop to exactly w×h)
 *   width only       → `image/resize,w_{w}` (scale, keep aspect ratio)
 * Own hosts are `*.jinfaketang.com`, `*.jinfa-cdn.com` and same-origin `/media/` paths (the
 * server's local file store). Any existing query is kept; other hosts are left untouched.
 */

export const OWN_IMAGE_HOSTS = ['jinfaketang.com', 'jinfa-cdn.com'] as const;
export const IMAGE_PROCESS_PARAM = 'x-oss-process';

export interface ResizeOptions {
  width: number;
  height?: number;
}

function currentOrigin(): string {
  return typeof window !== 'undefined' && window.location ? window.location.origin : 'http://localhost';
}

function isOwnHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return OWN_IMAGE_HOSTS.some((own) => host === own || host.endsWith(`.${own}`));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function resizeImage(url: string, { width, height }: ResizeOptions): string {
  if (!url || !(width > 0) || /^(data|blob):/i.test(url)) return url;
  const origin = currentOrigin();
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return url;
  const sameOriginMedia = parsed.origin === origin && parsed.pathname.startsWith('/media/');
  if (!sameOriginMedia && !isOwnHost(parsed.hostname)) return url;

  const w = Math.round(width);
  const h = height && height > 0 ? Math.round(height) : undefined;
  const value = h ? `image/resize,m_fill,w_${w},h_${h}` : `image/resize,w_${w}`;

  const hashAt = url.indexOf('#');
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt + 1) : '';
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const query = queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '';
  const kept = query
    .split('&')
    .filter((part) => part !== '' && safeDecode(part.split('=')[0] ?? '') !== IMAGE_PROCESS_PARAM);
  kept.push(`${IMAGE_PROCESS_PARAM}=${value}`);
  return `${base}?${kept.join('&')}${hash ? `#${hash}` : ''}`;
}
