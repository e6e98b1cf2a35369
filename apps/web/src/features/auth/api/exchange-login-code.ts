import type { TokenPair } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /v1/users/login_code {code} → TokenPair (decision 017). The WeChat callback lands on
 * /user/loginComplete with a one-time code; only this browser (its HttpOnly binding cookie goes
 * along, same origin) can exchange it. The page shows failures itself.
 */
export function exchangeLoginCode(code: string): Promise<TokenPair> {
  return api.post<TokenPair>('/v1/users/login_code', { code }, { noLoginRedirect: true, anonymous: true, silent: true });
}
