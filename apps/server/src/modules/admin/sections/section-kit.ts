/**
 * What the people, money and reviews sections share: the console's paging (page, pageSize,
 * antd's ascend/descend; docs/console.md), the page answer, and the audit writer handed to
 * services (the route binds it to the request, the service calls it inside its transaction).
 */
import type { FastifyRequest } from 'fastify';
import type { Conn } from '../../../db/conn.ts';
import { writeAudit, type AuditEntry } from '../audit.ts';

export type AuditFn = (trx: Conn, entry: AuditEntry) => Promise<void>;

/** The audit writer for this request's operator. */
export function auditOf(request: FastifyRequest): AuditFn {
  return (trx, entry) => writeAudit(trx, request, entry);
}

export function paging(q: { page?: number; pageSize?: number; order?: 'ascend' | 'descend' }): { page: number; pageSize: number; offset: number; ascending: boolean } {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  return { page, pageSize, offset: (page - 1) * pageSize, ascending: q.order === 'ascend' };
}

export function pageOf<T>(items: T[], total: number, page: number, pageSize: number): { items: T[]; total: number; page: number; pageSize: number } {
  return { items, total, page, pageSize };
}
