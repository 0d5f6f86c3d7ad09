import { formatMoney, formatNumber, localeFor, toCents, type AuditEntry, type AuditNames } from '@pizzeria/domain';
import { changedFields } from './audit-diff.ts';
import { adminSettingsTexts } from '../settings/locales.ts';
import { adminAuditTexts } from './locales.ts';

// How an audit entry reads for the owner: what it is about by name, who did it, and each changed field
// in the back office's words with its value as the forms show it (money, times, yes/no, both languages
// side by side, names instead of ids). Plain functions of the entry, so each kind is tested alone.

export type Language = 'de' | 'en';

/** A value as shown: one text, or a translated text with both languages side by side. */
export type Shown = { text: string } | { de: string; en: string };

export interface FieldRow {
  field: string;
  label: string;
  before: Shown;
  after: Shown;
}

/** One weekday whose opening hours changed. */
export interface HoursRow {
  day: string;
  before: string;
  after: string;
}

export interface EntryView {
  /** What the entry is about: "Produkt · Margherita". */
  title: string;
  /** "Maria Rossi (maria@…)", or "automatisch" for the server's own decisions. */
  who: string;
  rows: FieldRow[];
  /** The opening hours before and after, per weekday that changed; null when they did not change. */
  hours: HoursRow[] | null;
}

type Texts = (typeof adminAuditTexts)['en'];
type Row = Record<string, unknown>;

/** Bookkeeping every save changes or that staff never see in a form. */
const LEFT_OUT = new Set(['id', 'version', 'position', 'image_url', 'product_count', 'since', 'created_at']);
const MONEY = new Set(['price', 'deposit', 'delivery_fee', 'minimum_order_amount', 'max_order_total', 'amount']);
const PERCENT = new Set(['value', 'percentage']);
const MINUTES = new Set([
  'delivery_time',
  'preparation_minutes',
  'auto_pause_after_minutes',
  'auto_reject_after_minutes',
  'chime_louder_after_minutes',
]);
const INSTANTS = new Set(['sold_out_until', 'ordering_paused_until', 'reviewed_at', 'next_retry_at', 'expires_at']);
/** The team's entries: a member or an invitation, named by the person's name they hold. */
const PEOPLE = new Set(['staff', 'staff_invitation']);
const DAYS = new Set(['starts_on', 'ends_on']);
/** Fields holding ids, and the kind of row they name; `ids` (a reordering) names the entry's own kind. */
const REFERENCES: Record<string, keyof AuditNames> = {
  category_id: 'category',
  tax_rate_id: 'tax_rate',
  topping_group_ids: 'topping_group',
  group_ids: 'topping_group',
  product_ids: 'product',
};
/** Monday first, as the opening hours form lists them. */
const WEEK = ['1', '2', '3', '4', '5', '6', '0'] as const;

function isRecord(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isLocalized(value: unknown): value is { de: string; en: string } {
  return isRecord(value) && typeof value['de'] === 'string' && typeof value['en'] === 'string';
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

/** The helpers one entry's formatting needs: its language, its texts and the names of what it points to. */
function formatter(language: Language, names: AuditNames | undefined) {
  const texts: Texts = adminAuditTexts[language];
  const locale = localeFor(language);
  const money = (amount: number) => formatMoney(toCents(amount), locale, 'EUR');
  const instant = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const day = (date: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  const nameOf = (kind: keyof AuditNames, id: number) => {
    const name = names?.[kind][String(id)];
    return name ? name[language] || name.de : fill(texts.values.removed_row, { id: `#${id}` });
  };
  const localizedName = (value: unknown) => (isLocalized(value) ? value[language] || value.de : '');

  /** One value as the forms show it. */
  function show(field: string, value: unknown, entity: string, row: unknown): Shown {
    if (value === null || value === undefined || value === '') {
      // A pause without an end lasts until someone resumes; no pause has no end at all.
      if (field === 'ordering_paused_until' && isRecord(row) && row['ordering_paused'] === true) {
        return { text: texts.values.until_resumed };
      }
      return { text: texts.none };
    }
    if (isLocalized(value)) return { de: value.de || texts.none, en: value.en || texts.none };
    if (typeof value === 'boolean') return { text: value ? texts.values.yes : texts.values.no };
    if (typeof value === 'number') {
      if (MONEY.has(field)) return { text: money(value) };
      if (PERCENT.has(field)) return { text: fill(texts.values.percent, { value: formatNumber(value, locale) }) };
      if (MINUTES.has(field)) return { text: fill(texts.values.minutes, { count: value }) };
      if (field === 'preorder_days') {
        return { text: fill(value === 1 ? texts.values.days_one : texts.values.days_other, { count: value }) };
      }
      if (field === 'order_id') return { text: `#${value}` };
      const kind = REFERENCES[field];
      if (kind) return { text: nameOf(kind, value) };
      return { text: formatNumber(value, locale) };
    }
    if (typeof value === 'string') {
      if (INSTANTS.has(field)) return { text: instant(value) };
      if (DAYS.has(field)) return { text: day(value) };
      if (field === 'type' && (value === 'simple' || value === 'variable')) {
        return { text: value === 'simple' ? texts.values.type_simple : texts.values.type_variable };
      }
      if (field === 'role' && PEOPLE.has(entity) && (value === 'owner' || value === 'manager' || value === 'kitchen')) {
        return { text: texts.values[`role_${value}`] };
      }
      if (field === 'ordering_paused_by') {
        return { text: value === 'auto' ? texts.values.paused_by_auto : texts.values.paused_by_staff };
      }
      return { text: value };
    }
    if (Array.isArray(value)) return { text: list(field, value, entity) || texts.none };
    if (field === 'picture' && isRecord(value))
      return { text: fill(texts.values.picture, { id: `#${String(value['id'])}` }) };
    return { text: JSON.stringify(value) };
  }

  /** A list as one readable line: names for ids, sizes and toppings with their prices. */
  function list(field: string, values: unknown[], entity: string): string {
    const kind =
      REFERENCES[field] ?? (field === 'ids' && (entity === 'product' || entity === 'category') ? entity : null);
    return values
      .map((item, index) => {
        if (typeof item === 'number' && kind) {
          const name = nameOf(kind, item);
          return field === 'ids' ? `${index + 1}. ${name}` : name;
        }
        if (typeof item === 'number' && field === 'order_ids') return `#${item}`;
        if (isRecord(item) && isLocalized(item['name'])) {
          const price = typeof item['price'] === 'number' ? ` ${money(item['price'])}` : '';
          return `${localizedName(item['name'])}${price}`;
        }
        return typeof item === 'string' || typeof item === 'number' ? String(item) : JSON.stringify(item);
      })
      .join(', ');
  }

  return { texts, show, day };
}

/** A weekday's slots as one line: "11:30–14:30 (Mittag), 17:00–22:30", or "geschlossen". */
function slotsOf(hours: unknown, dayOfWeek: string, texts: Texts): string {
  if (!Array.isArray(hours)) return texts.none;
  const slots = hours
    .filter((slot): slot is Row => isRecord(slot) && String(slot['day_of_week']) === dayOfWeek)
    .map((slot) => {
      const label = typeof slot['label'] === 'string' && slot['label'] ? ` (${slot['label']})` : '';
      return `${String(slot['open_time'])}–${String(slot['close_time'])}${label}`;
    });
  return slots.length > 0 ? slots.join(', ') : texts.values.closed;
}

/** The weekly hours before and after, one row per weekday that changed. */
export function hoursChanges(before: unknown, after: unknown, language: Language): HoursRow[] {
  const texts = adminAuditTexts[language];
  return WEEK.map((day) => ({
    day: adminSettingsTexts[language].days[day],
    before: slotsOf(before, day, texts),
    after: slotsOf(after, day, texts),
  })).filter((row) => row.before !== row.after);
}

/** Who made the change: the staff member by name and e-mail, or "automatisch" for the server. */
export function actorOf(actor: AuditEntry['actor'], language: Language): string {
  const texts = adminAuditTexts[language];
  if (actor.kind === 'system') return texts.system;
  if (actor.name && actor.email) return fill(texts.actor_named, { name: actor.name, email: actor.email });
  return actor.email ?? actor.name ?? texts.deleted_account;
}

/** The fields a change is shown by: those the row after holds (a write may keep less than the row before). */
function shownFields(before: unknown, after: unknown) {
  const changes = changedFields(before, after);
  if (!isRecord(before) || !isRecord(after)) return changes;
  return changes.filter((change) => change.field in after);
}

/** An audit entry as the owner reads it (see the top of this file). */
export function describeEntry(entry: AuditEntry, names: AuditNames | undefined, language: Language): EntryView {
  const { texts, show, day } = formatter(language, names);
  const entities: Record<string, string> = texts.entities;
  const labels: Record<string, string> = texts.fields;
  const entityName = entities[entry.entity] ?? entry.entity;

  let about: string | null = entry.label ? entry.label[language] || entry.label.de : null;
  const row = isRecord(entry.after) ? entry.after : isRecord(entry.before) ? entry.before : {};
  if (!about && entry.entity === 'closure' && typeof row['starts_on'] === 'string') {
    const ends = typeof row['ends_on'] === 'string' ? row['ends_on'] : row['starts_on'];
    about = ends === row['starts_on'] ? day(row['starts_on']) : `${day(row['starts_on'])} – ${day(ends)}`;
  }
  if (!about && entry.entity === 'discount' && entry.entity_id) {
    const discounts: Record<string, string> = texts.discounts;
    about = discounts[entry.entity_id] ?? entry.entity_id;
  }
  if (!about && PEOPLE.has(entry.entity) && typeof row['name'] === 'string') about = row['name'];
  if (!about && entry.entity !== 'store' && entry.entity_id) about = `#${entry.entity_id}`;

  let hours: HoursRow[] | null = null;
  const rows: FieldRow[] = [];
  for (const change of shownFields(entry.before, entry.after)) {
    if (LEFT_OUT.has(change.field)) continue;
    if (change.field === 'store_hours') {
      hours = hoursChanges(change.before, change.after, language);
      continue;
    }
    const before = show(change.field, change.before, entry.entity, entry.before);
    const after = show(change.field, change.after, entry.entity, entry.after);
    // Nothing before and nothing after (a creation without a reason) reads the same: no change to show.
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    rows.push({ field: change.field, label: labels[change.field] ?? change.field, before, after });
  }
  // The database keeps a row's fields in an order of its own: show them in the forms' order.
  const order = Object.keys(labels);
  const place = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  rows.sort((a, b) => place(a.field) - place(b.field));
  return {
    title: about ? `${entityName} · ${about}` : entityName,
    who: actorOf(entry.actor, language),
    rows,
    hours,
  };
}
