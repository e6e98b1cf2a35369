import type { TokenPair } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/wechat/token2?userId=N&productType=0 → TokenPair (test-login mode). */
export function getTestToken(userId: number): Promise<TokenPair> {
  return api.get<TokenPair>('/v1/wechat/token2', {
    query: { userId, productType: 0 },
    noLoginRedirect: true,
    anonymous: true,
  });
}
