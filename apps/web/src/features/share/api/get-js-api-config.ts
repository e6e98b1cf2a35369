import type { JsApiConfig } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/wechats/jsApiConfig?url — the `wx.config` signature for this page. Silent: sharing is a nicety, never a popup. */
export function getJsApiConfig(url: string): Promise<JsApiConfig> {
  return api.post<JsApiConfig>('/v1/wechats/jsApiConfig', undefined, { query: { url }, silent: true, noLoginRedirect: true });
}
