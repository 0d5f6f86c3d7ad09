import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LocalizedText } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { audit } from './audit-log.ts';

// What every back-office write does: lock the row (`FOR UPDATE`), check the version the form was read
// at, write and raise the version, append an audit entry in the same transaction, and after the commit
// invalidate the catalogue so every instance and every open shop reads the change. `editAudited` does
// the transaction, the audit entry and the invalidation; the entity's `write` locks, checks (with
// `checkVersion`) and writes.

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

/** What one write changed: the answer (`after`) and what the audit log records of it. */
export interface AuditedChange<T> {
  entityId: string | number | null;
  before: unknown;
  after: T;
  /** The action, when the write decides it (a create that restores an archived row); else the edit's. */
  action?: string;
  /** What the audit log records as the row after, when it says more than the answer. */
  audited?: unknown;
}

export interface AuditedEdit<T> {
  /** The store whose catalogue changes, or null for the shared tables (every store's). */
  storeId: number | null;
  entity: string;
  action: string;
  /** Inside the transaction: lock the row, check its version, write. */
  write(tx: Db): Promise<AuditedChange<T>>;
}

/**
 * Runs one staff write in a transaction with its audit entry, then invalidates the store's catalogue
 * (every store's for the shared tables) and answers with the row after.
 */
export async function editAudited<T>(app: FastifyInstance, request: FastifyRequest, edit: AuditedEdit<T>): Promise<T> {
  const after = await app.database.db.transaction(async (tx) => {
    const change = await edit.write(tx);
    await audit(tx, request, {
      storeId: edit.storeId,
      entity: edit.entity,
      entityId: change.entityId,
      action: change.action ?? edit.action,
      before: change.before,
      after: change.audited ?? change.after,
    });
    return change.after;
  });
  if (edit.storeId === null) await app.catalogue.invalidateAll();
  else await app.catalogue.invalidate(edit.storeId);
  return after;
}
