import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** The signed-in staff member behind an admin request (the admin subtree's guard set it). */
export function staffId(request: FastifyRequest): number {
  if (!request.caller) throw new Error('an admin route without a caller');
  return request.caller.id;
}

export interface AuditEntry {
  /** Null for the shared tables (tax rates, allergens, additives). */
  storeId: number | null;
  entity: string;
  entityId: string | number | null;
  /** `create`, `update`, `archive`, `reorder`, `sold_out`, … */
  action: string;
  /** The row before and after, in the API's shape (what staff read in the audit log). */
  before: unknown;
  after: unknown;
}

/** Appends one staff change to the audit log; call it inside the write's transaction. */
export async function audit(tx: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    storeId: entry.storeId,
    actorKind: 'staff',
    actorUserId: staffId(request),
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
