import './register-texts.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  categoryRequestSchema,
  deliveryAreaCreateSchema,
  discountRequestSchema,
  productRequestSchema,
  storeSettingsRequestSchema,
  taxRateCreateRequestSchema,
  toppingGroupCreateRequestSchema,
} from '@pizzeria/domain';
import { i18n } from '../../../i18n/index.ts';
import { schemaMessageText } from './field-errors.ts';

afterEach(async () => {
  await i18n.changeLanguage('de');
});

/** What the form shows under `field` for `values` checked with `schema`. */
function messageOf(schema: z.ZodMiniType, values: unknown, field: string): string | undefined {
  const result = schema.safeParse(values);
  return result.error?.issues.find((issue) => issue.path.join('.') === field)?.message;
}

const PRODUCT = {
  category_id: 1,
  type: 'simple',
  name: { de: 'Margherita', en: '' },
  description: { de: '', en: '' },
  price: 8.5,
  deposit: 0,
  tax_rate_id: 1,
  variants: [],
  picture_id: null,
  hidden: false,
};

describe('the back office’s field messages', () => {
  it('say a negative price cannot be negative, in German and English', async () => {
    expect(messageOf(productRequestSchema, { ...PRODUCT, price: -1.5 }, 'price')).toBe(
      'Der Preis darf nicht negativ sein.',
    );
    const size = { ...PRODUCT, type: 'variable', price: null, variants: [{ name: { de: 'Groß', en: '' }, price: -2 }] };
    expect(messageOf(productRequestSchema, size, 'variants.0.price')).toBe('Der Preis darf nicht negativ sein.');
    expect(messageOf(productRequestSchema, { ...PRODUCT, deposit: -0.25 }, 'deposit')).toBe(
      'Das Pfand darf nicht negativ sein.',
    );
    await i18n.changeLanguage('en');
    expect(messageOf(productRequestSchema, { ...PRODUCT, price: -1.5 }, 'price')).toBe('The price cannot be negative.');
  });

  it('ask for the field by its name when it is empty, and to choose where it is picked from a list', async () => {
    expect(messageOf(productRequestSchema, { ...PRODUCT, price: Number.NaN }, 'price')).toBe(
      'Bitte einen Preis eingeben.',
    );
    expect(messageOf(productRequestSchema, { ...PRODUCT, category_id: null }, 'category_id')).toBe(
      'Bitte eine Kategorie wählen.',
    );
    const unnamed = { name: { de: ' ', en: '' }, description: { de: '', en: '' }, hidden: false };
    expect(messageOf(categoryRequestSchema, unnamed, 'name.de')).toBe('Bitte den Namen auf Deutsch eingeben.');
    // Some forms keep an empty choice as 0, which an id refuses as too small.
    expect(messageOf(productRequestSchema, { ...PRODUCT, category_id: 0 }, 'category_id')).toBe(
      'Bitte eine Kategorie wählen.',
    );
    expect(messageOf(productRequestSchema, { ...PRODUCT, tax_rate_id: null }, 'tax_rate_id')).toBe(
      'Bitte einen MwSt.-Satz wählen.',
    );
    expect(messageOf(taxRateCreateRequestSchema, { name: 'Ermäßigt', percentage: Number.NaN }, 'percentage')).toBe(
      'Bitte einen Prozentsatz eingeben.',
    );
    const area = { postcode: '10115', city: 'Berlin', delivery_fee: 0, minimum_order_amount: 0, hidden: false };
    expect(messageOf(deliveryAreaCreateSchema, { ...area, delivery_time: Number.NaN }, 'delivery_time')).toBe(
      'Bitte die Lieferzeit in Minuten eingeben.',
    );
    expect(
      messageOf(
        toppingGroupCreateRequestSchema,
        { name: { de: 'Käse', en: '' }, min_select: Number.NaN, max_select: 2 },
        'min_select',
      ),
    ).toBe('Bitte eine Mindestanzahl eingeben (0 für keine).');
    await i18n.changeLanguage('en');
    expect(messageOf(productRequestSchema, { ...PRODUCT, price: Number.NaN }, 'price')).toBe('Please enter a price.');
    expect(messageOf(productRequestSchema, { ...PRODUCT, category_id: null }, 'category_id')).toBe(
      'Please choose a category.',
    );
    expect(messageOf(productRequestSchema, { ...PRODUCT, tax_rate_id: 0 }, 'tax_rate_id')).toBe(
      'Please choose a VAT rate.',
    );
  });

  it('show how to write a number when the text is none', async () => {
    expect(messageOf(productRequestSchema, { ...PRODUCT, price: '8 Euro' }, 'price')).toBe(
      'Bitte eine Zahl wie 8,50 eingeben.',
    );
    expect(messageOf(discountRequestSchema, { value: 'zehn', version: 1 }, 'value')).toBe(
      'Bitte eine Zahl wie 7 oder 7,5 eingeben.',
    );
    await i18n.changeLanguage('en');
    expect(messageOf(productRequestSchema, { ...PRODUCT, price: '8 Euro' }, 'price')).toBe(
      'Please enter a number like 8.50.',
    );
  });

  it('name limits with their unit', async () => {
    expect(messageOf(discountRequestSchema, { value: 150, version: 1 }, 'value')).toBe('Höchstens 100 %.');
    expect(messageOf(productRequestSchema, { ...PRODUCT, price: 1200 }, 'price')).toBe('Höchstens 1.000 €.');
    const settings = storeSettingsRequestSchema.safeParse({ max_order_total: 0 });
    expect(settings.error?.issues.find((issue) => issue.path[0] === 'max_order_total')?.message).toBe(
      'Mindestens 0,01 €.',
    );
    expect(messageOf(deliveryAreaCreateSchema, { delivery_time: 0 }, 'delivery_time')).toBe('Mindestens 1.');
    await i18n.changeLanguage('en');
    expect(messageOf(productRequestSchema, { ...PRODUCT, price: 1200 }, 'price')).toBe('At most €1,000.');
  });

  it('put the sentences a domain schema sets itself into the page’s language', async () => {
    const refused = productRequestSchema.safeParse({ ...PRODUCT, price: null });
    const message = refused.error?.issues.find((issue) => issue.path.join('.') === 'price')?.message ?? '';
    expect(schemaMessageText(message)).toBe('Bitte einen Preis eingeben.');
    await i18n.changeLanguage('en');
    expect(schemaMessageText(message)).toBe('Please enter a price.');
    expect(schemaMessageText('A message the back office does not know')).toBe(
      'A message the back office does not know',
    );
  });
});
