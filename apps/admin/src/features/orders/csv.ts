import { apiUrl } from '../../lib/api';

/** The CSV export's address: the list's filters and sort, without paging. */
export function orderCsvHref(apiQuery: Record<string, string | number>): string {
  const rest: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(apiQuery)) if (k !== 'page' && k !== 'pageSize') rest[k] = v;
  return apiUrl('/v1/admin/orders.csv', rest);
}
