import { api } from '../../../lib/api-client.ts';

/** GET /v1/users/qr_login?productType=8&returnUrl= → {url}: the desktop QR-code login page. */
export async function getQrLoginUrl(returnPath: string): Promise<string> {
  const data = await api.get<{ url: string }>('/v1/users/qr_login', {
    query: { productType: 8, returnUrl: returnPath },
    silent: true,
    noLoginRedirect: true,
    anonymous: true,
  });
  return data.url;
}
