import { useMutation } from '@tanstack/react-query';
import type { AuthenticateBody, TokenPair } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

export type { TokenPair };

/** PUT /v1/users/authenticate {mobile, code} → TokenPair (SMS login). */
export function authenticate(body: AuthenticateBody): Promise<TokenPair> {
  return api.put<TokenPair>('/v1/users/authenticate', body, { noLoginRedirect: true, anonymous: true });
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
