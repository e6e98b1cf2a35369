/** The one write /healthz makes: rewrite the single `health_probe` row (decision 020). */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export async function writeHealthProbe(db: Kysely<DB>, now: number): Promise<void> {
  await db
    .insertInto('health_probe')
    .values({ id: 1, checked_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: now }))
    .execute();
}
