import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminTaxRateListSchema,
  adminTaxRateSchema,
  orderSchema,
  type AdminTaxRate,
  type Order,
} from '@pizzeria/domain';
import { auditLog, products, taxRates } from '../../../db/schema.ts';
import { pickupOrder, simpleProduct } from '../../../../test/helper.ts';
import { backOfficeTestServer, present } from '../../../../test/back-office.ts';
import { isUniqueViolation } from '../../../db/database-errors.ts';

// VAT rates, shared by every store.

// Monday 2026-06-15, 18:07 in Berlin: the demo store is open.
const backOffice = backOfficeTestServer({ prefix: '/api/admin' });
const { request } = backOffice;

const NOW = new Date('2026-06-15T16:07:00Z');

async function listRates(): Promise<AdminTaxRate[]> {
  const response = await request('GET', '/tax-rates');
  expect(response.statusCode, response.body).toBe(200);
  return adminTaxRateListSchema.parse(response.json());
}

async function createRate(name: string, percentage: number): Promise<AdminTaxRate> {
  const response = await request('POST', '/tax-rates', { name, percentage });
  expect(response.statusCode, response.body).toBe(201);
  return adminTaxRateSchema.parse(response.json());
}

async function placeGuestOrder(productId: number): Promise<Order> {
  const response = await backOffice.app.inject({
    method: 'POST',
    url: '/api/orders/guest',
    headers: { 'idempotency-key': randomUUID() },
    payload: pickupOrder(productId),
  });
  expect(response.statusCode, response.body).toBe(201);
  return orderSchema.parse(response.json());
}

async function fetchOrder(order: Order): Promise<Order> {
  const response = await backOffice.app.inject({
    method: 'GET',
    url: `/api/orders/${order.id}`,
    headers: backOffice.admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return orderSchema.parse(response.json());
}

beforeAll(async () => {
  backOffice.app.orders.clock = { now: () => NOW };
});

describe('GET /api/admin/tax-rates', () => {
  it('lists the rates with how many products use each', async () => {
    const rates = await listRates();
    expect(rates.map((rate) => [rate.name, rate.percentage])).toEqual([
      ['Ermäßigter Satz 7 %', 7],
      ['Regelsatz 19 %', 19],
    ]);
    const db = backOffice.app.database.db;
    for (const rate of rates) {
      const used = await db.select().from(products).where(eq(products.taxRateId, rate.id));
      expect(rate.product_count).toBe(used.length);
    }
    expect(rates.every((rate) => rate.product_count > 0 && rate.version === 1)).toBe(true);
  });
});

describe('POST /api/admin/tax-rates', () => {
  it('adds a rate, audited', async () => {
    const created = await createRate('Null-Satz', 0);
    expect(created).toMatchObject({ name: 'Null-Satz', percentage: 0, product_count: 0, version: 1 });
    expect(await listRates()).toContainEqual(created);
    const [entry] = await backOffice.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tax_rate'), eq(auditLog.entityId, String(created.id))));
    expect(entry).toMatchObject({ storeId: null, action: 'create', before: null, after: created });
  });

  it('refuses a taken name with 409 and a bad percentage with 400', async () => {
    const taken = await request('POST', '/tax-rates', { name: 'Regelsatz 19 %', percentage: 16 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'tax_rate_name_taken', message: expect.stringContaining('Regelsatz') });
    for (const percentage of [-1, 100.5, 7.125]) {
      const response = await request('POST', '/tax-rates', { name: 'Falsch', percentage }, 'en');
      expect(response.statusCode, String(percentage)).toBe(400);
      expect(response.json()).toMatchObject({ message: 'The request is not valid.' });
    }
    expect((await request('POST', '/tax-rates', { name: '   ', percentage: 5 })).statusCode).toBe(400);
  });

  it('recognises the unique violation a lost race for a name meets', async () => {
    const error = await backOffice.app.database.db
      .insert(taxRates)
      .values({ name: 'Regelsatz 19 %', percentage: 19 })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(isUniqueViolation(error, 'tax_rates_name_unique')).toBe(true);
    expect(isUniqueViolation(error, 'additives_code_unique')).toBe(false);
  });
});

describe('PUT /api/admin/tax-rates/:taxRateId', () => {
  it('applies to orders placed from then on; an order placed before keeps its VAT', async () => {
    const product = await simpleProduct(backOffice.app);
    const [row] = await backOffice.app.database.db
      .select({ taxRateId: products.taxRateId })
      .from(products)
      .where(eq(products.id, product.id));
    const rate = present((await listRates()).find((candidate) => candidate.id === present(row).taxRateId));
    const before = await placeGuestOrder(product.id);
    expect(before.vat.map((share) => share.percentage)).toEqual([rate.percentage]);

    const newPercentage = rate.percentage === 16 ? 17 : 16;
    const response = await request('PUT', `/tax-rates/${rate.id}`, {
      name: rate.name,
      percentage: newPercentage,
      version: rate.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ percentage: newPercentage, version: rate.version + 1 });

    const after = await placeGuestOrder(product.id);
    expect(after.vat.map((share) => share.percentage)).toEqual([newPercentage]);
    expect(after.total).toBe(before.total);
    expect(present(after.vat[0]).amount).not.toBe(present(before.vat[0]).amount);
    expect(await fetchOrder(before)).toMatchObject({ vat: before.vat });
    const shopProducts = await backOffice.app.inject({ method: 'GET', url: '/api/products/?store_id=13' });
    const shown = (shopProducts.json() as { id: number; tax: { percentage: number } }[]).find(
      (candidate) => candidate.id === product.id,
    );
    expect(shown?.tax.percentage).toBe(newPercentage);
  });

  it('answers 409 to a stale version and to a name another rate has, 404 to an unknown rate', async () => {
    const rate = await createRate('Sondersatz', 5);
    const renamed = await request('PUT', `/tax-rates/${rate.id}`, {
      name: 'Sondersatz 5 %',
      percentage: 5,
      version: 1,
    });
    expect(renamed.statusCode).toBe(200);
    const stale = await request('PUT', `/tax-rates/${rate.id}`, { name: 'Sonder', percentage: 5, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current: { name: 'Sondersatz 5 %', version: 2 } });
    const taken = await request('PUT', `/tax-rates/${rate.id}`, { name: 'Regelsatz 19 %', percentage: 5, version: 2 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'tax_rate_name_taken' });
    // Its own name is not "taken".
    const same = await request('PUT', `/tax-rates/${rate.id}`, { name: 'Sondersatz 5 %', percentage: 6, version: 2 });
    expect(same.statusCode).toBe(200);
    expect((await request('PUT', '/tax-rates/9999', { name: 'X', percentage: 5, version: 1 })).statusCode).toBe(404);
  });
});

describe('POST /api/admin/tax-rates/:taxRateId/archive', () => {
  it('refuses a rate products use', async () => {
    const rate = present((await listRates()).find((candidate) => candidate.product_count > 0));
    const response = await request('POST', `/tax-rates/${rate.id}/archive`, { version: rate.version });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'tax_rate_in_use',
      message: expect.stringContaining(String(rate.product_count)),
    });
    expect(await listRates()).toContainEqual(rate);
  });

  it('archives an unused rate and frees its name', async () => {
    const rate = await createRate('Alter Satz', 16);
    const response = await request('POST', `/tax-rates/${rate.id}/archive`, { version: rate.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: rate.id, version: 2 });
    expect((await listRates()).some((candidate) => candidate.id === rate.id)).toBe(false);
    const [row] = await backOffice.app.database.db.select().from(taxRates).where(eq(taxRates.id, rate.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    const again = await createRate('Alter Satz', 16);
    expect(again.id).not.toBe(rate.id);
    expect((await request('POST', `/tax-rates/${rate.id}/archive`, { version: 2 })).statusCode).toBe(404);
    const [entry] = await backOffice.app.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'tax_rate'), eq(auditLog.action, 'archive'), eq(auditLog.entityId, String(rate.id))),
      );
    expect(entry).toMatchObject({ before: rate });
  });
});
