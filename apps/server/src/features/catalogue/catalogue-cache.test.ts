import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { productSchema } from '@pizzeria/domain';
import { etagOf } from '../../http/caching.ts';
import { createCatalogueService } from './catalogue-cache.ts';
import type { Catalogue } from './model.ts';

function catalogueNamed(productName: string): Catalogue {
  return {
    store: {
      id: 13,
      name: 'Test',
      timezone: 'Europe/Berlin',
      region: 'de-DE',
      maxOrderTotalCents: 50_000,
      preorderDays: 7,
      address: '',
      phone: '',
      email: '',
      hours: [],
      legalNotice: { legal_name: '', legal_representative: '', trade_register: '', vat_id: '' },
    },
    categories: [
      {
        id: 1,
        storeId: 13,
        position: 0,
        name: { de: 'Pizza', en: 'Pizza' },
        description: { de: '', en: '' },
        hidden: false,
      },
    ],
    products: [
      {
        id: 1,
        categoryId: 1,
        type: 'simple',
        name: { de: productName, en: `${productName} (en)` },
        description: { de: 'Beschreibung', en: 'Description' },
        priceCents: 850,
        depositCents: 0,
        taxPercentage: 7,
        image: { cardUrl: '/m.svg', wideUrl: '/m.svg' },
        position: 0,
        available: true,
        soldOut: false,
        variants: [],
        divisible: false,
        toppingGroups: [],
        allergens: [{ code: 'a', name: { de: 'Gluten', en: 'Gluten' } }],
        additives: [],
      },
      {
        id: 2,
        categoryId: 1,
        type: 'simple',
        name: { de: 'Aus', en: 'Off' },
        description: { de: '', en: '' },
        priceCents: 100,
        depositCents: 0,
        taxPercentage: 7,
        image: null,
        position: 1,
        available: false,
        soldOut: false,
        variants: [],
        divisible: false,
        toppingGroups: [],
        allergens: [],
        additives: [],
      },
    ],
    postcodes: [],
    discounts: [],
    validUntil: null,
  };
}

describe('createCatalogueService', () => {
  it('loads a store once, however many reads arrive at once', async () => {
    const load = vi.fn(async () => catalogueNamed('Margherita'));
    const service = createCatalogueService(load);
    const reads = await Promise.all([
      service.representation(13, 'products', 'de'),
      service.representation(13, 'products', 'en'),
      service.get(13),
    ]);
    await service.representation(13, 'store', 'de');
    expect(load).toHaveBeenCalledTimes(1);
    expect(reads.every((read) => read !== null)).toBe(true);
  });

  it('serializes each language with a strong ETag of its body, only available products, decimal prices', async () => {
    const service = createCatalogueService(async () => catalogueNamed('Margherita'));
    const de = await service.representation(13, 'products', 'de');
    const en = await service.representation(13, 'products', 'en');
    if (!de || !en) throw new Error('expected representations');
    expect(de.etag).toBe(etagOf(de.body));
    expect(de.etag).toMatch(/^"[\w-]+"$/);
    expect(en.etag).not.toBe(de.etag);
    const parse = (body: Buffer) => z.array(productSchema).parse(JSON.parse(body.toString()));
    expect(parse(de.body).map((product) => [product.name, product.price])).toEqual([['Margherita', 8.5]]);
    expect(parse(en.body).map((product) => product.name)).toEqual(['Margherita (en)']);
  });

  it('reads the catalogue again once a "sold out today" in it has ended by the store\'s clock, with a new version', async () => {
    let storeNow = Date.parse('2026-11-23T21:00:00Z');
    const soldOutEnds = new Date('2026-11-24T10:30:00Z');
    let loads = 0;
    const service = createCatalogueService(
      async () => {
        loads += 1;
        const catalogue = catalogueNamed(loads === 1 ? 'Margherita' : 'Margherita again');
        return storeNow < soldOutEnds.getTime() ? { ...catalogue, validUntil: soldOutEnds } : catalogue;
      },
      { storeNow: () => storeNow },
    );
    const before = await service.version(13);
    storeNow = soldOutEnds.getTime() - 1;
    expect(await service.version(13)).toBe(before);
    expect(loads).toBe(1);
    storeNow = soldOutEnds.getTime();
    expect(await service.version(13)).not.toBe(before);
    expect(loads).toBe(2);
    // The new catalogue has no end: it stays.
    storeNow += 86_400_000;
    await service.get(13);
    expect(loads).toBe(2);
  });

  it('reloads after invalidate and answers a new ETag for new data', async () => {
    let name = 'Margherita';
    const service = createCatalogueService(async () => catalogueNamed(name));
    const before = await service.representation(13, 'products', 'de');
    name = 'Marinara';
    expect((await service.representation(13, 'products', 'de'))?.etag).toBe(before?.etag);
    service.invalidate(13);
    const after = await service.representation(13, 'products', 'de');
    expect(after?.etag).not.toBe(before?.etag);
    expect(after?.body.toString()).toContain('Marinara');
  });

  it('does not keep a load that was invalidated while it ran', async () => {
    let name = 'Margherita';
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const service = createCatalogueService(async () => {
      const seen = name;
      await gate;
      return catalogueNamed(seen);
    });
    const stale = service.get(13);
    name = 'Marinara';
    service.invalidate(13);
    release();
    expect((await stale)?.products[0]?.name.de).toBe('Margherita');
    expect((await service.get(13))?.products[0]?.name.de).toBe('Marinara');
  });

  it('does not remember unknown stores or failed loads', async () => {
    const load = vi
      .fn<(storeId: number) => Promise<Catalogue | null>>()
      .mockResolvedValueOnce(null)
      .mockRejectedValueOnce(new Error('connection lost'))
      .mockResolvedValue(catalogueNamed('Margherita'));
    const service = createCatalogueService(load);
    expect(await service.representation(13, 'store', 'de')).toBeNull();
    await expect(service.representation(13, 'store', 'de')).rejects.toThrow('connection lost');
    expect(await service.representation(13, 'store', 'de')).not.toBeNull();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('while invalidations may go unheard, reads a catalogue again once it is older than the limit, not sooner', async () => {
    let name = 'Margherita';
    let clock = 0;
    let inDoubt = false;
    const load = vi.fn(async () => catalogueNamed(name));
    const service = createCatalogueService(load, {
      inDoubt: () => inDoubt,
      inDoubtMaxAgeMs: 5_000,
      now: () => clock,
    });
    expect((await service.get(13))?.products[0]?.name.de).toBe('Margherita');

    // Another instance renames the product; its invalidation is not heard.
    name = 'Marinara';
    clock = 60_000;
    expect((await service.get(13))?.products[0]?.name.de).toBe('Margherita');

    inDoubt = true;
    expect((await service.get(13))?.products[0]?.name.de).toBe('Marinara');
    clock += 4_999;
    await service.representation(13, 'products', 'de');
    expect(load).toHaveBeenCalledTimes(2);
    clock += 1;
    await service.representation(13, 'products', 'de');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
