import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditNames } from '@pizzeria/domain';
import { actorOf, describeEntry, hoursChanges } from './audit-format.ts';

const MARIA = { kind: 'staff' as const, id: 2, email: 'maria@pizzeria.example', name: 'Maria Rossi' };
const NAMES: AuditNames = {
  category: { '3': { de: 'Pizza', en: 'Pizza' }, '4': { de: 'Getränke', en: 'Drinks' } },
  product: { '35': { de: 'Salami', en: 'Salami' }, '36': { de: 'Margherita', en: 'Margherita' } },
  tax_rate: { '1': { de: 'Ermäßigt', en: 'Ermäßigt' } },
  topping: {},
  topping_group: { '7': { de: 'Extra-Beläge', en: 'Extra toppings' } },
};

function entry(change: Partial<AuditEntry>): AuditEntry {
  return {
    id: 1,
    at: '2026-11-23T10:15:00.000Z',
    actor: MARIA,
    entity: 'product',
    entity_id: '35',
    action: 'update',
    before: null,
    after: null,
    ...change,
  };
}

/** The rows as `label: before → after`, values as shown (both languages as `de / en`). */
function lines(view: ReturnType<typeof describeEntry>) {
  const text = (value: { text: string } | { de: string; en: string }) =>
    'text' in value ? value.text : `${value.de} / ${value.en}`;
  // Intl puts a no-break space between amount and currency sign.
  return view.rows.map((row) => `${row.label}: ${text(row.before)} → ${text(row.after)}`.replace(/\u00a0/g, ' '));
}

const PRODUCT = {
  id: 35,
  category_id: 3,
  type: 'simple',
  name: { de: 'Salami', en: 'Salami' },
  description: { de: 'Mit Salami', en: 'With salami' },
  price: 3.5,
  deposit: 0,
  tax_rate_id: 1,
  variants: [],
  picture: null,
  image_url: '/menu/salami.webp',
  position: 2,
  hidden: false,
  sold_out_until: null,
  topping_group_ids: [7],
  allergen_codes: ['A'],
  additive_codes: [],
  version: 4,
};

describe('describeEntry', () => {
  it('shows a product by its name, its price as money, and leaves out version and position', () => {
    const view = describeEntry(
      entry({
        label: { de: 'Salami', en: 'Salami' },
        before: PRODUCT,
        after: { ...PRODUCT, price: 3.9, position: 3, version: 5, description: { de: 'Scharf', en: 'Hot' } },
      }),
      NAMES,
      'de',
    );
    expect(view.title).toBe('Produkt · Salami');
    expect(view.who).toBe('Maria Rossi (maria@pizzeria.example)');
    expect(lines(view)).toEqual(['Beschreibung: Mit Salami / With salami → Scharf / Hot', 'Preis: 3,50 € → 3,90 €']);
    const english = describeEntry(entry({ before: PRODUCT, after: { ...PRODUCT, price: 3.9 } }), NAMES, 'en');
    expect(lines(english)).toEqual(['Price: €3.50 → €3.90']);
  });

  it('names the rows a product points to, and lists a creation’s fields', () => {
    const view = describeEntry(entry({ action: 'create', before: null, after: PRODUCT }), NAMES, 'de');
    expect(lines(view)).toEqual(
      expect.arrayContaining([
        'Kategorie: – → Pizza',
        'Mehrwertsteuer: – → Ermäßigt',
        'Belaggruppen: – → Extra-Beläge',
        'Art: – → Einfach',
        'Im Shop ausblenden: – → nein',
        'Allergene: – → A',
      ]),
    );
    expect(view.rows.map((row) => row.field)).not.toContain('image_url');
  });

  it('shows a product’s sizes with their prices, and a removed category as removed', () => {
    const variants = [{ id: 1, name: { de: 'Klein', en: 'Small' }, price: 8.5 }];
    const view = describeEntry(
      entry({
        before: { ...PRODUCT, category_id: 9, variants: [] },
        after: { ...PRODUCT, category_id: 4, variants },
      }),
      NAMES,
      'de',
    );
    expect(lines(view)).toEqual(['Kategorie: #9 (gelöscht) → Getränke', 'Größen: – → Klein 8,50 €']);
  });

  it('reads a reordering as the names in their new order', () => {
    const view = describeEntry(
      entry({ action: 'reorder', entity_id: null, before: { ids: [35, 36] }, after: { ids: [36, 35] } }),
      NAMES,
      'en',
    );
    expect(view.title).toBe('Product');
    expect(lines(view)).toEqual(['Order: 1. Salami, 2. Margherita → 1. Margherita, 2. Salami']);
  });

  it('shows a category and a topping group in the menu’s words', () => {
    const category = describeEntry(
      entry({
        entity: 'category',
        label: { de: 'Pizza', en: 'Pizza' },
        before: { id: 3, name: { de: 'Pizza', en: 'Pizza' }, hidden: false, product_count: 4, version: 1 },
        after: { id: 3, name: { de: 'Pizza', en: 'Pizza' }, hidden: true, product_count: 4, version: 2 },
      }),
      NAMES,
      'de',
    );
    expect(category.title).toBe('Kategorie · Pizza');
    expect(lines(category)).toEqual(['Im Shop ausblenden: nein → ja']);

    const group = describeEntry(
      entry({
        entity: 'topping_group',
        action: 'items',
        label: { de: 'Extra-Beläge', en: 'Extra toppings' },
        before: { id: 7, min_select: 0, max_select: 3, items: [], product_ids: [35] },
        after: {
          id: 7,
          min_select: 1,
          max_select: 3,
          items: [{ topping_id: 2, name: { de: 'Oliven', en: 'Olives' }, price: 1 }],
          product_ids: [35, 36],
        },
      }),
      NAMES,
      'de',
    );
    expect(group.title).toBe('Belaggruppe · Extra-Beläge');
    expect(lines(group)).toEqual([
      'Mindestens wählen: 0 → 1',
      'Beläge: – → Oliven 1,00 €',
      'Produkte: Salami → Salami, Margherita',
    ]);
  });

  it('shows a topping, a tax rate, an allergen and an additive', () => {
    const topping = describeEntry(
      entry({
        entity: 'topping',
        label: { de: 'Oliven', en: 'Olives' },
        before: { id: 2, name: { de: 'Oliven', en: 'Olives' }, price: 1, group_ids: [] },
        after: { id: 2, name: { de: 'Oliven', en: 'Olives' }, price: 1.2, group_ids: [7] },
      }),
      NAMES,
      'en',
    );
    expect(topping.title).toBe('Topping · Olives');
    expect(lines(topping)).toEqual(['Price: €1.00 → €1.20', 'In groups: – → Extra toppings']);

    const rate = describeEntry(
      entry({
        entity: 'tax_rate',
        label: { de: 'Ermäßigt', en: 'Ermäßigt' },
        before: { id: 1, name: 'Ermäßigt', percentage: 7, product_count: 3, version: 1 },
        after: { id: 1, name: 'Ermäßigt', percentage: 7.5, product_count: 3, version: 2 },
      }),
      NAMES,
      'de',
    );
    expect(lines(rate)).toEqual(['Satz: 7 % → 7,5 %']);

    const additive = describeEntry(
      entry({
        entity: 'additive',
        action: 'create',
        label: { de: 'mit Farbstoff', en: 'with colouring' },
        after: { id: 5, code: '1', name: { de: 'mit Farbstoff', en: 'with colouring' }, version: 0 },
      }),
      NAMES,
      'de',
    );
    expect(additive.title).toBe('Zusatzstoff · mit Farbstoff');
    expect(lines(additive)).toEqual(['Nummer: – → 1', 'Name: – → mit Farbstoff / with colouring']);
    expect(describeEntry(entry({ entity: 'allergen', label: { de: 'Gluten', en: 'Gluten' } }), NAMES, 'de').title).toBe(
      'Allergen · Gluten',
    );
  });

  it('shows a delivery area’s fee as money and its time in minutes', () => {
    const area = {
      id: 16,
      postcode: '10115',
      city: 'Berlin',
      delivery_fee: 3.5,
      minimum_order_amount: 15,
      delivery_time: 40,
      hidden: false,
      version: 1,
    };
    const view = describeEntry(
      entry({
        entity: 'delivery_area',
        entity_id: '16',
        label: { de: '10115 Berlin', en: '10115 Berlin' },
        before: area,
        after: { ...area, delivery_fee: 3.9, delivery_time: 45, version: 2 },
      }),
      NAMES,
      'de',
    );
    expect(view.title).toBe('Liefergebiet · 10115 Berlin');
    expect(lines(view)).toEqual(['Liefergebühr: 3,50 € → 3,90 €', 'Lieferzeit: 40 Min. → 45 Min.']);
  });

  it('names a discount by its kind and shows its percentage', () => {
    const view = describeEntry(
      entry({
        entity: 'discount',
        entity_id: 'PICKUP_DISCOUNT',
        before: { code: 'PICKUP_DISCOUNT', value: 10, version: 1 },
        after: { code: 'PICKUP_DISCOUNT', value: 15, version: 2 },
      }),
      NAMES,
      'de',
    );
    expect(view.title).toBe('Rabatt · Rabatt bei Abholung');
    expect(lines(view)).toEqual(['Rabatt in Prozent: 10 % → 15 %']);
  });

  it('shows the restaurant’s settings, its order limit and the board’s settings', () => {
    const settings = describeEntry(
      entry({
        entity: 'store',
        entity_id: '13',
        action: 'settings',
        label: { de: 'Pizzeria Roma', en: 'Pizzeria Roma' },
        before: { name: 'Pizzeria Roma', preparation_minutes: 20, preorder_days: 1, max_order_total: 300, version: 4 },
        after: { name: 'Pizzeria Roma', preparation_minutes: 25, preorder_days: 2, max_order_total: 250, version: 5 },
      }),
      NAMES,
      'de',
    );
    expect(settings.title).toBe('Restaurant · Pizzeria Roma');
    expect(lines(settings)).toEqual([
      'Zubereitungszeit: 20 Min. → 25 Min.',
      'Vorbestellungen (Tage im Voraus): 1 Tag → 2 Tage',
      'Größte Online-Bestellung: 300,00 € → 250,00 €',
    ]);
    const board = describeEntry(
      entry({
        entity: 'store',
        entity_id: '13',
        action: 'board_settings',
        before: { auto_pause_enabled: true, print_on_accept: false },
        after: { auto_pause_enabled: false, print_on_accept: false, auto_pause_lifted: true },
      }),
      NAMES,
      'en',
    );
    expect(board.title).toBe('Restaurant');
    expect(lines(board)).toEqual([
      'Pause online orders when no board is open: yes → no',
      'Automatic pause lifted: – → yes',
    ]);
  });

  it('shows a pause by staff with its end, and an automatic one as automatic', () => {
    const pause = describeEntry(
      entry({
        entity: 'store',
        entity_id: '13',
        action: 'pause',
        before: { ordering_paused: false, ordering_paused_until: null, ordering_paused_by: null },
        after: { ordering_paused: true, ordering_paused_until: null, ordering_paused_by: 'staff' },
      }),
      NAMES,
      'de',
    );
    expect(lines(pause)).toEqual(['Online-Bestellungen pausiert: nein → ja', 'Pausiert von: – → Mitarbeiter']);
    const automatic = describeEntry(
      entry({
        actor: { kind: 'system', id: null, email: null },
        entity: 'store',
        action: 'auto_pause',
        before: { ordering_paused: false, ordering_paused_by: null },
        after: { ordering_paused: true, ordering_paused_by: 'auto' },
      }),
      NAMES,
      'de',
    );
    expect(automatic.who).toBe('automatisch');
    expect(lines(automatic)).toContain('Pausiert von: – → automatisch (keine Bestelltafel)');
  });

  it('names a closure by its days and shows the reason guests read and the orders it closed over', () => {
    const view = describeEntry(
      entry({
        entity: 'closure',
        entity_id: '4',
        action: 'create',
        after: { id: 4, starts_on: '2026-12-24', ends_on: '2026-12-26', reason: 'Weihnachten', order_ids: [12, 13] },
      }),
      NAMES,
      'de',
    );
    expect(view.title).toBe('Schließtage · 24.12.2026 – 26.12.2026');
    expect(lines(view)).toEqual([
      'Von: – → 24.12.2026',
      'Bis einschließlich: – → 26.12.2026',
      'Grund (sehen die Gäste): – → Weihnachten',
      'Bestellungen an diesen Tagen: – → #12, #13',
    ]);
    const deleted = describeEntry(
      entry({
        entity: 'closure',
        action: 'delete',
        before: { id: 4, starts_on: '2026-12-24', ends_on: '2026-12-24', reason: null },
      }),
      NAMES,
      'en',
    );
    expect(deleted.title).toBe('Closure days · 24 Dec 2026');
  });

  it('shows a payment check by its order, only what the check recorded', () => {
    const view = describeEntry(
      entry({
        entity: 'payment_review',
        entity_id: '12',
        action: 'done_outside_shop',
        label: { de: 'Bestellung 12 · Gabi Gast', en: 'Order 12 · Gabi Gast' },
        before: { order_id: 12, customer_name: 'Gabi Gast', amount: 23.5, since: '2026-11-23T09:00:00.000Z' },
        after: { reviewed_at: '2026-11-23T10:15:00.000Z', reviewed_by: 2 },
      }),
      NAMES,
      'de',
    );
    expect(view.title).toBe('Zahlung prüfen · Bestellung 12 · Gabi Gast');
    expect(view.rows.map((row) => row.label)).toEqual(['In PayPal erledigt am', 'Erledigt von']);
  });

  it('shows a picture by number', () => {
    const view = describeEntry(
      entry({
        entity: 'picture',
        entity_id: '9',
        action: 'create',
        after: { id: 9, card_url: '/p/9.webp', wide_url: '/p/9w.webp' },
      }),
      NAMES,
      'de',
    );
    expect(view.title).toBe('Bild · #9');
  });
});

describe('hoursChanges', () => {
  it('gives one row per weekday that changed, Monday first, with closed days named', () => {
    const before = [
      { day_of_week: 1, open_time: '11:30', close_time: '14:30', label: 'Mittag' },
      { day_of_week: 1, open_time: '17:00', close_time: '22:30', label: null },
      { day_of_week: 0, open_time: '12:00', close_time: '22:00', label: null },
    ];
    const after = [
      { day_of_week: 1, open_time: '17:00', close_time: '23:00', label: null },
      { day_of_week: 0, open_time: '12:00', close_time: '22:00', label: null },
      { day_of_week: 2, open_time: '17:00', close_time: '22:00', label: null },
    ];
    expect(hoursChanges(before, after, 'de')).toEqual([
      { day: 'Montag', before: '11:30–14:30 (Mittag), 17:00–22:30', after: '17:00–23:00' },
      { day: 'Dienstag', before: 'geschlossen', after: '17:00–22:00' },
    ]);
  });

  it('puts the hours of an hours entry in their own table, not among the fields', () => {
    const view = describeEntry(
      entry({
        entity: 'store',
        action: 'hours',
        before: { store_hours: [], version: 1 },
        after: { store_hours: [{ day_of_week: 5, open_time: '17:00', close_time: '01:00', label: null }], version: 2 },
      }),
      NAMES,
      'en',
    );
    expect(view.rows).toEqual([]);
    expect(view.hours).toEqual([{ day: 'Friday', before: 'closed', after: '17:00–01:00' }]);
  });
});

describe('actorOf', () => {
  it('names staff by name and e-mail, the server as automatic, and a deleted account as such', () => {
    expect(actorOf(MARIA, 'en')).toBe('Maria Rossi (maria@pizzeria.example)');
    expect(actorOf({ kind: 'staff', id: 2, email: 'maria@pizzeria.example' }, 'de')).toBe('maria@pizzeria.example');
    expect(actorOf({ kind: 'system', id: null, email: null }, 'en')).toBe('automatic');
    expect(actorOf({ kind: 'staff', id: null, email: null, name: null }, 'de')).toBe('Gelöschtes Konto');
  });
});

describe('describeEntry on a closure without a reason', () => {
  it('leaves out a field that is empty before and after', () => {
    const view = describeEntry(
      entry({
        entity: 'closure',
        action: 'create',
        after: { id: 5, starts_on: '2026-12-31', ends_on: '2026-12-31', reason: null },
      }),
      undefined,
      'de',
    );
    expect(view.rows.map((row) => row.field)).toEqual(['starts_on', 'ends_on']);
  });
});

describe('describeEntry on the team', () => {
  const LUCA = { name: 'Luca Bianchi', email: 'luca@pizzeria.example', role: 'kitchen', active: true };

  it('names the member, who changed the role, and the roles in the page’s words', () => {
    const view = describeEntry(
      entry({ entity: 'staff', entity_id: '9', action: 'update', before: LUCA, after: { ...LUCA, role: 'manager' } }),
      undefined,
      'de',
    );
    expect(view.title).toBe('Team · Luca Bianchi');
    expect(view.who).toBe('Maria Rossi (maria@pizzeria.example)');
    expect(lines(view)).toEqual(['Rolle: Küche → Schichtleitung']);
  });

  it('shows a deactivation and a device signed out, in English too', () => {
    const deactivated = describeEntry(
      entry({ entity: 'staff', entity_id: '9', action: 'deactivate', before: LUCA, after: { ...LUCA, active: false } }),
      undefined,
      'en',
    );
    expect(deactivated.title).toBe('Team · Luca Bianchi');
    expect(lines(deactivated)).toEqual(['Active: yes → no']);
    const signedOut = describeEntry(
      entry({
        entity: 'staff',
        entity_id: '9',
        action: 'sign_out_device',
        before: { ...LUCA, device: 'Küche Tablet' },
        after: { ...LUCA, device: null },
      }),
      undefined,
      'en',
    );
    expect(lines(signedOut)).toEqual(['Device: Küche Tablet → –']);
  });

  it('names an invitation by the invited person, with its role and until when the link works', () => {
    const view = describeEntry(
      entry({
        entity: 'staff_invitation',
        entity_id: '4',
        action: 'create',
        after: {
          name: 'Luca Bianchi',
          email: 'luca@pizzeria.example',
          role: 'kitchen',
          expires_at: '2026-11-25T10:15:00.000Z',
        },
      }),
      undefined,
      'de',
    );
    expect(view.title).toBe('Einladung ins Team · Luca Bianchi');
    expect(lines(view)).toEqual([
      'Name: – → Luca Bianchi',
      'E-Mail: – → luca@pizzeria.example',
      'Rolle: – → Küche',
      expect.stringMatching(/^Link gültig bis: – → 25\.11\.2026, \d\d:15$/),
    ]);
  });
});
