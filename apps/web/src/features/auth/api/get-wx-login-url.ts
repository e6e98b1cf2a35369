import { api } from '../../../lib/api-client.ts';

/**
 * GET /v1/users/wx_login?returnUrl=<in-app path> → {url}, the messaging app's authorisation address.
 * Silent: the login page turns failures into the §8 "login address fetch" messages.
 */
export async function getWxLoginUrl(returnPath: string): Promise<string> {
  const data = await api.get<{ url: string }>('/v1/users/wx_login', {
    query: { returnUrl: returnPath },
    silent: true,
    noLoginRedirect: true,
    anonymous: true,
  });
  return data.url;
}
