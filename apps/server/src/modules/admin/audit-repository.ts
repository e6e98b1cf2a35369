/** The audit log's rows: one insert path and one read path. No update or delete exists (append-only). */
import type { Insertable } from 'kysely';
import type { Conn } from '../../db/conn.ts';
import type { AuditLogTable } from '../../db/schema.ts';

export async function insertAuditRow(db: Conn, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  operatorId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: number;
  to?: number;
}

export interface AuditListRow {
  id: number;
  operatorId: number | null;
  operatorName: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  beforeJson: string | null;
  afterJson: string | null;
  ip: string;
  createdAt: number;
}

function filtered(db: Conn, f: AuditFilter) {
  let q = db.selectFrom('audit_log as a');
  if (f.operatorId !== undefined) q = q.where('a.operator_id', '=', f.operatorId);
  if (f.action !== undefined) q = q.where('a.action', '=', f.action);
  if (f.targetType !== undefined) q = q.where('a.target_type', '=', f.targetType);
  if (f.targetId !== undefined) q = q.where('a.target_id', '=', f.targetId);
  if (f.from !== undefined) q = q.where('a.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('a.created_at', '<', f.to);
  return q;
}

/** Newest first (id desc), one page, and the total under the same filters. */
export async function listAudit(db: Conn, f: AuditFilter, page: { offset: number; limit: number; ascending: boolean }): Promise<{ rows: AuditListRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .leftJoin('operators as o', 'o.id', 'a.operator_id')
      .select([
        'a.id as id',
        'a.operator_id as operatorId',
        'o.name as operatorName',
        'a.action as action',
        'a.target_type as targetType',
        'a.target_id as targetId',
        'a.before_json as beforeJson',
        'a.after_json as afterJson',
        'a.ip as ip',
        'a.created_at as createdAt',
      ])
      .orderBy('a.id', page.ascending ? 'asc' : 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, id: Number(r.id), createdAt: Number(r.createdAt) })),
    total: Number(count.n),
  };
}
