import { api } from '../../../lib/api-client.ts';

/** POST /v1/users/logout — the server revokes the session. Failures are the caller's to ignore. */
export function logout(): Promise<unknown> {
  return api.post<unknown>('/v1/users/logout', undefined, { silent: true, noLoginRedirect: true });
}
