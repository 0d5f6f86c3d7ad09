import type { AuditReferenceKind, LocalizedText } from '@pizzeria/domain';

// How the audit log names what an entry is about and what its ids point to. An entry keeps the row as it
// was (before and after), so its own name is read from there and survives the row's removal; the ids it
// holds (a product's category, a group's products) are named by the rows they point to, which are
// archived rather than deleted.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isLocalized(value: unknown): value is LocalizedText {
  return isRecord(value) && typeof value['de'] === 'string' && typeof value['en'] === 'string';
}

function both(text: string): LocalizedText {
  return { de: text, en: text };
}

/** A row's own name as the entry keeps it: localized, or one text for both languages. */
function nameOf(row: Record<string, unknown>, entity: string): LocalizedText | null {
  if (entity === 'delivery_area' && typeof row['postcode'] === 'string') {
    const city = typeof row['city'] === 'string' ? row['city'].trim() : '';
    return both(city ? `${row['postcode']} ${city}` : row['postcode']);
  }
  if (entity === 'voucher' && typeof row['code'] === 'string') return both(row['code']);
  if ((entity === 'payment_review' || entity === 'refund') && typeof row['order_id'] === 'number') {
    const name = typeof row['customer_name'] === 'string' ? ` · ${row['customer_name']}` : '';
    return { de: `Bestellung ${row['order_id']}${name}`, en: `Order ${row['order_id']}${name}` };
  }
  const name = row['name'];
  if (isLocalized(name)) return { de: name.de, en: name.en };
  if (typeof name === 'string' && name.trim() !== '') return both(name);
  return null;
}

/**
 * What an entry is about, by the name it had: the name after the change, else before it (a removal,
 * a write whose answer leaves it out). Null for an entry without one (the restaurant's hours, a pause,
 * a reordering, a closure, whose days the page words itself).
 */
export function entryLabel(entity: string, before: unknown, after: unknown): LocalizedText | null {
  for (const row of [after, before]) {
    if (!isRecord(row)) continue;
    const name = nameOf(row, entity);
    if (name) return name;
  }
  return null;
}

export type ReferencedIds = Record<AuditReferenceKind, Set<number>>;

/** Which fields of which entity's rows hold ids of which kind. */
const REFERENCES: Record<string, Partial<Record<string, AuditReferenceKind>>> = {
  product: { category_id: 'category', tax_rate_id: 'tax_rate', topping_group_ids: 'topping_group', ids: 'product' },
  category: { ids: 'category' },
  topping: { group_ids: 'topping_group' },
  topping_group: { product_ids: 'product' },
};

function ids(value: unknown): number[] {
  if (typeof value === 'number' && Number.isInteger(value)) return [value];
  if (Array.isArray(value)) return value.filter((item): item is number => typeof item === 'number');
  return [];
}

/** The ids the entries hold, by the kind of row they point to. */
export function referencedIds(entries: readonly { entity: string; before: unknown; after: unknown }[]): ReferencedIds {
  const found: ReferencedIds = {
    category: new Set(),
    product: new Set(),
    tax_rate: new Set(),
    topping: new Set(),
    topping_group: new Set(),
  };
  for (const entry of entries) {
    const fields = REFERENCES[entry.entity] ?? {};
    for (const row of [entry.before, entry.after]) {
      if (!isRecord(row)) continue;
      for (const [field, kind] of Object.entries(fields)) {
        if (kind) for (const id of ids(row[field])) found[kind].add(id);
      }
    }
  }
  return found;
}
