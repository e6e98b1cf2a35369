import { api } from '../../../lib/api-client.ts';
import { toCorporateId } from './get-last-visit-corporate.ts';

/**
 * The corporate whose membership last expired (or null). The spec does not name this path
 * (§7.5 "their exact paths are not shown"); we call `/v1/corporates/last_expired_corporate`.
 */
export async function getLastExpiredCorporate(): Promise<number | null> {
  const data = await api.get<unknown>('/v1/corporates/last_expired_corporate', { silent: true, noLoginRedirect: true });
  return toCorporateId(data);
}
