export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The fields that differ between a row before and after a change (a creation has nothing before, a
 * removal nothing after). Nested values (a name in two languages, a list of ids) count as one field and
 * are compared as JSON; the version, which every save changes, is left out.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const old = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  if (!isRecord(before) && !isRecord(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: '', before, after }];
  }
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((field) => field !== 'version');
  return fields
    .filter((field) => JSON.stringify(old[field]) !== JSON.stringify(now[field]))
    .map((field) => ({ field, before: old[field], after: now[field] }));
}
