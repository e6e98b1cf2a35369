import { api } from '../../../lib/api-client.ts';

/**
 * The corporate the learner last visited, as an id (or null). Background call: never pops up,
 * never starts a login (spec §4 "Corporate VIP loading").
 */
export async function getLastVisitCorporate(): Promise<number | null> {
  const data = await api.get<unknown>('/v1/corporates/last_visit_corporate', { silent: true, noLoginRedirect: true });
  return toCorporateId(data);
}

/** The answer is "a corporate id as data" (spec §7.5); tolerate `{corporateId}` too. */
export function toCorporateId(data: unknown): number | null {
  const raw = typeof data === 'object' && data !== null ? (data as { corporateId?: unknown }).corporateId : data;
  const id = typeof raw === 'string' ? Number.parseInt(raw, 10) : raw;
  return typeof id === 'number' && Number.isFinite(id) && id > 0 ? id : null;
}
