import { isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminDeclarationListsSchema, adminDeclarationSchema } from '@pizzeria/domain';
import { additives } from '../../../db/schema.ts';
import { backOfficeTestServer, present } from '../../../../test/back-office.ts';

// Allergens and additives, shared by every store.

const backOffice = backOfficeTestServer({ prefix: '/api/admin' });
const { request, shopProducts, auditOf } = backOffice;

async function lists() {
  const response = await request('GET', '/allergens');
  expect(response.statusCode, response.body).toBe(200);
  return adminDeclarationListsSchema.parse(response.json());
}

describe('GET /api/admin/allergens', () => {
  it('lists the 14 allergens a–n and the additives in menu order', async () => {
    const { allergens, additives: additiveList } = await lists();
    expect(allergens.map((allergen) => allergen.code)).toEqual('abcdefghijklmn'.split(''));
    expect(allergens[0]).toMatchObject({ name: { de: expect.any(String), en: expect.any(String) }, version: 1 });
    expect(additiveList.map((additive) => additive.code).slice(0, 3)).toEqual(['1', '2', '3']);
  });
});

describe('PUT /api/admin/allergens/:allergenId', () => {
  it("rewords an allergen; every store's menu shows the new name at once", async () => {
    const milk = present((await lists()).allergens.find((allergen) => allergen.code === 'g'));
    const response = await request('PUT', `/allergens/${milk.id}`, {
      name: { de: 'Milch und Laktose', en: 'Milk and lactose' },
      version: milk.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = adminDeclarationSchema.parse(response.json());
    expect(saved).toEqual({ ...milk, name: { de: 'Milch und Laktose', en: 'Milk and lactose' }, version: 2 });
    const declared = (await shopProducts()).flatMap((product) => [
      ...product.allergens,
      ...product.enriched_topping_groups.flatMap((group) => group.toppings.flatMap((topping) => topping.allergens)),
    ]);
    expect(declared.filter((allergen) => allergen.code === 'g').map((allergen) => allergen.name)).toContain(
      'Milch und Laktose',
    );
    expect(declared.some((allergen) => allergen.code === 'g' && allergen.name !== 'Milch und Laktose')).toBe(false);
    const [entry] = await auditOf('allergen', milk.id);
    expect(entry).toMatchObject({
      storeId: null,
      actorUserId: backOffice.admin.id,
      action: 'update',
      before: milk,
      after: saved,
    });
  });

  it('answers 409 with the current allergen to a stale version, and 404 to an unknown one', async () => {
    const eggs = present((await lists()).allergens.find((allergen) => allergen.code === 'c'));
    const body = { name: { de: 'Eier', en: 'Eggs' }, version: eggs.version };
    expect((await request('PUT', `/allergens/${eggs.id}`, body)).statusCode).toBe(200);
    const stale = await request('PUT', `/allergens/${eggs.id}`, body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current: { code: 'c', version: eggs.version + 1 } });
    expect((await request('PUT', '/allergens/9999', body)).statusCode).toBe(404);
  });

  it('refuses an empty German name', async () => {
    const response = await request('PUT', '/allergens/1', { name: { de: '', en: 'x' }, version: 1 }, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request', message: 'The request is not valid.' });
  });

  it('has no route to add or archive an allergen', async () => {
    expect((await request('POST', '/allergens', { code: 'o', name: { de: 'X', en: '' } })).statusCode).toBe(404);
    expect((await request('POST', '/allergens/1/archive', { version: 1 })).statusCode).toBe(404);
  });
});

describe('additives', () => {
  it('adds an additive at the end of the list, audited', async () => {
    const before = await lists();
    const response = await request('POST', '/additives', {
      code: '14',
      name: { de: 'mit Süßungsmittel', en: 'with sweetener' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = adminDeclarationSchema.parse(response.json());
    expect(created).toMatchObject({ code: '14', name: { de: 'mit Süßungsmittel' }, version: 1 });
    const after = await lists();
    expect(after.additives).toEqual([...before.additives, created]);
    expect((await auditOf('additive', created.id))[0]).toMatchObject({
      storeId: null,
      action: 'create',
      after: created,
    });
  });

  it('refuses a taken code with 409, archived ones included, and a malformed code with 400', async () => {
    const taken = await request('POST', '/additives', { code: '2', name: { de: 'Doppelt', en: '' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'additive_code_taken', message: expect.stringContaining('Nummer 2') });
    const english = await request('POST', '/additives', { code: '2', name: { de: 'Doppelt', en: '' } }, 'en');
    expect(english.json()).toMatchObject({ message: expect.stringContaining('Number 2') });
    for (const code of ['', 'a', '1234', '01', '1.5']) {
      const malformed = await request('POST', '/additives', { code, name: { de: 'Falsch', en: '' } });
      expect(malformed.statusCode, code).toBe(400);
    }
  });

  it('renames and archives an additive; archived, it leaves the lists and the menus but keeps its number', async () => {
    const list = await lists();
    const preservative = present(list.additives.find((additive) => additive.code === '3'));
    const renamed = await request('PUT', `/additives/${preservative.id}`, {
      name: { de: 'mit Antioxidationsmittel', en: 'with antioxidant' },
      version: preservative.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ version: preservative.version + 1 });
    const stale = await request('POST', `/additives/${preservative.id}/archive`, { version: preservative.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { name: { de: 'mit Antioxidationsmittel' } } });

    const archived = await request('POST', `/additives/${preservative.id}/archive`, {
      version: preservative.version + 1,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await lists()).additives.some((additive) => additive.code === '3')).toBe(false);
    const declared = (await shopProducts()).flatMap((product) => [
      ...product.additives,
      ...product.enriched_topping_groups.flatMap((group) => group.toppings.flatMap((topping) => topping.additives)),
    ]);
    expect(declared.some((additive) => additive.code === '3')).toBe(false);
    expect((await auditOf('additive', preservative.id)).map((entry) => entry.action)).toEqual(['update', 'archive']);

    const reuse = await request('POST', '/additives', { code: '3', name: { de: 'Neu', en: '' } });
    expect(reuse.statusCode).toBe(409);
    expect(
      (await request('PUT', `/additives/${preservative.id}`, { name: { de: 'X', en: '' }, version: 3 })).statusCode,
    ).toBe(404);
    const rows = await backOffice.app.database.db.select().from(additives).where(isNull(additives.archivedAt));
    expect(rows.some((row) => row.code === '3')).toBe(false);
  });
});
