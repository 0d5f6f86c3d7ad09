import { describe, expect, it } from 'vitest';
import { ERASED_CUSTOMER_NAME } from '@pizzeria/domain';
import type { OrderAddress } from '../../db/schema.ts';
import { erasedAddress, INVOICE_NAMES_CUSTOMER_ABOVE_CENTS } from './erase.ts';
import { exportFileName } from './export.ts';

const address: OrderAddress = {
  customerName: 'Anna Apfel',
  phone: '+4915111112222',
  email: 'anna@example.com',
  line1: 'Gneisenaustraße 1',
  line2: '3. OG',
  city: 'Berlin',
  zip: '10969',
  country: 'DE',
};

describe('erasedAddress', () => {
  it('removes phone, e-mail, name and address lines of an order up to 250 €, keeping postcode and city', () => {
    expect(erasedAddress(address, INVOICE_NAMES_CUSTOMER_ABOVE_CENTS)).toEqual({
      customerName: ERASED_CUSTOMER_NAME,
      phone: '',
      email: null,
      line1: '',
      line2: null,
      city: 'Berlin',
      zip: '10969',
      country: 'DE',
    });
  });

  it('keeps the name and address lines an invoice over 250 € must name', () => {
    expect(erasedAddress(address, INVOICE_NAMES_CUSTOMER_ABOVE_CENTS + 1)).toEqual({
      ...address,
      phone: '',
      email: null,
    });
  });
});

describe('exportFileName', () => {
  it('names the shop in plain letters and the day where the shop is', () => {
    const shop = { name: 'Pizzeria Bella Napoli & Söhne', url: 'https://example.com', timezone: 'Europe/Berlin' };
    // 23:30 UTC on 31 December is already New Year's Day in Berlin.
    expect(exportFileName(shop, new Date('2026-12-31T23:30:00Z'))).toBe(
      'meine-daten-pizzeria-bella-napoli-sohne-2027-01-01.json',
    );
  });
});
