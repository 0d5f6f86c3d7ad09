import type { FastifyRequest } from 'fastify';
import type { LocalizedText } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';

// What every back-office write does (issue 11, DESIGN §6): check the version the form was read at,
// raise it, and append an audit entry in the same transaction. Routes then call the catalogue
// invalidation (`app.catalogue.invalidate(storeId)`, or `invalidateAll()` for shared tables) after the
// transaction commits, so every instance and every open shop reads the change.

const VERSION_CONFLICT: LocalizedText = {
  de: 'Jemand hat das inzwischen geändert. Laden Sie den aktuellen Stand oder überschreiben Sie ihn.',
  en: 'Someone changed this in the meantime. Load the current version or overwrite it.',
};

/**
 * 409 `version_conflict` with the row as it is now (`current`, in the API's shape), so the form can offer
 * to reload it or to overwrite it.
 */
export function versionConflict(current: unknown): HttpError {
  return new HttpError(409, 'version_conflict', VERSION_CONFLICT, { current });
}

/**
 * The row read for a write (`FOR UPDATE`, inside the write's transaction), checked against the version
 * the client sent: missing → `notFound()`, another version → 409 with `render(row)`.
 */
export function checkVersion<T extends { version: number }>(
  row: T | undefined,
  expected: number,
  notFound: () => HttpError,
  render: (row: T) => unknown,
): T {
  if (!row) throw notFound();
  if (row.version !== expected) throw versionConflict(render(row));
  return row;
}

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
