import type { Cents, DiscountCode, RegionCode, StoreHour } from '@pizzeria/domain';

export const DEMO_STORE = {
  id: 13,
  name: 'Pizzeria Bella Napoli',
  timezone: 'Europe/Berlin',
  region: 'de-DE' satisfies RegionCode,
  address: 'Oranienstraße 42, 10999 Berlin',
  phone: '+49 30 61623413',
  email: 'hallo@bella-napoli.example',
  legalName: 'Bella Napoli Gastronomie GmbH',
  legalRepresentative: 'Geschäftsführerin: Giulia Esposito',
  tradeRegister: 'Amtsgericht Charlottenburg, HRB 000000 B (Beispiel)',
  vatId: 'DE000000000 (Beispiel)',
} as const;

/**
 * German VAT: 7 % on food (takeaway and delivery, and since 2026 in the restaurant too), 19 % on
 * drinks.
 */
export const TAX_RATES = {
  reduced: { name: 'Ermäßigter Satz 7 %', percentage: 7 },
  standard: { name: 'Regelsatz 19 %', percentage: 19 },
} as const;

export type TaxRateKey = keyof typeof TAX_RATES;

const lunch = { open_time: '11:30', close_time: '14:30', label: null };
const weekdayEvening = { open_time: '17:00', close_time: '22:30', label: null };
/** Closes after midnight: the slot belongs to the day it opens on. */
const lateEvening = { open_time: '17:00', close_time: '01:00', label: null };

/** Weekly hours in Europe/Berlin, Sunday = 0. */
export const STORE_HOURS: readonly StoreHour[] = [
  { day_of_week: 0, open_time: '12:00', close_time: '22:00', label: null },
  ...[1, 2, 3, 4].flatMap((day) => [
    { day_of_week: day, ...lunch },
    { day_of_week: day, ...weekdayEvening },
  ]),
  ...[5, 6].flatMap((day) => [
    { day_of_week: day, ...lunch },
    { day_of_week: day, ...lateEvening },
  ]),
];

/**
 * Open around the clock, for journeys that place orders whatever the hour (`SEED_OPENING_HOURS=always`):
 * two slots a day, the second closing at midnight.
 */
export const ALWAYS_OPEN_HOURS: readonly StoreHour[] = [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
  { day_of_week: day, open_time: '00:00', close_time: '12:00', label: null },
  { day_of_week: day, open_time: '12:00', close_time: '00:00', label: null },
]);

export interface SeedPostcode {
  postcode: string;
  city: string;
  deliveryFeeCents: Cents;
  minimumOrderCents: Cents;
  deliveryTimeMinutes: number;
}

/** The delivery area around Oranienstraße: the farther away, the higher fee, minimum and time. */
export const POSTCODES: readonly SeedPostcode[] = [
  // Kreuzberg, around the corner
  { postcode: '10999', city: 'Berlin', deliveryFeeCents: 0, minimumOrderCents: 1200, deliveryTimeMinutes: 30 },
  { postcode: '10997', city: 'Berlin', deliveryFeeCents: 0, minimumOrderCents: 1200, deliveryTimeMinutes: 30 },
  { postcode: '10969', city: 'Berlin', deliveryFeeCents: 100, minimumOrderCents: 1500, deliveryTimeMinutes: 35 },
  { postcode: '10967', city: 'Berlin', deliveryFeeCents: 100, minimumOrderCents: 1500, deliveryTimeMinutes: 35 },
  { postcode: '10961', city: 'Berlin', deliveryFeeCents: 150, minimumOrderCents: 1500, deliveryTimeMinutes: 40 },
  { postcode: '10963', city: 'Berlin', deliveryFeeCents: 150, minimumOrderCents: 1500, deliveryTimeMinutes: 40 },
  { postcode: '10965', city: 'Berlin', deliveryFeeCents: 200, minimumOrderCents: 1800, deliveryTimeMinutes: 45 },
  // Neukölln
  { postcode: '12047', city: 'Berlin', deliveryFeeCents: 100, minimumOrderCents: 1500, deliveryTimeMinutes: 35 },
  { postcode: '12045', city: 'Berlin', deliveryFeeCents: 150, minimumOrderCents: 1500, deliveryTimeMinutes: 40 },
  { postcode: '12043', city: 'Berlin', deliveryFeeCents: 200, minimumOrderCents: 1800, deliveryTimeMinutes: 45 },
  { postcode: '12049', city: 'Berlin', deliveryFeeCents: 250, minimumOrderCents: 2000, deliveryTimeMinutes: 50 },
  // Mitte and Friedrichshain
  { postcode: '10179', city: 'Berlin', deliveryFeeCents: 150, minimumOrderCents: 1800, deliveryTimeMinutes: 40 },
  { postcode: '10178', city: 'Berlin', deliveryFeeCents: 250, minimumOrderCents: 2000, deliveryTimeMinutes: 45 },
  { postcode: '10243', city: 'Berlin', deliveryFeeCents: 200, minimumOrderCents: 2000, deliveryTimeMinutes: 45 },
  { postcode: '10245', city: 'Berlin', deliveryFeeCents: 250, minimumOrderCents: 2000, deliveryTimeMinutes: 50 },
  { postcode: '10117', city: 'Berlin', deliveryFeeCents: 350, minimumOrderCents: 2500, deliveryTimeMinutes: 60 },
];

export const DISCOUNTS: readonly { code: DiscountCode; value: number }[] = [
  { code: 'DELIVERY_DISCOUNT', value: 5 },
  { code: 'PICKUP_DISCOUNT', value: 10 },
];

/** The demo voucher: 10 % off a customer's first order, without an end (staff change it under "Gutscheine"). */
export const VOUCHERS = [{ code: 'WILLKOMMEN', kind: 'percentage', percentage: 10, firstOrderOnly: true }] as const;
