import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../test/helper.ts';
import { NEEDLE, explainOrderSearch, seedBulkOrders } from '../../../test/bulk-orders.ts';
import type { OrderSearch } from './search.ts';

// The order search stays fast over all orders because each of its searches reads an index (migration
// 0017): checked in the plans PostgreSQL (and PGlite) choose over enough orders that a sequential scan
// would cost more, so dropping or mistyping an index fails here. The timings are in `bench/order-search.ts`.

const BULK_ORDERS = 30_000;

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer();
  await seedBulkOrders(server.app.database.db, BULK_ORDERS);
}, 120_000);

afterAll(async () => {
  await server.close();
});

async function indexesOf(search: Partial<OrderSearch>, options: { seqscan?: boolean } = {}) {
  const explained = await explainOrderSearch(server.app.database.db, { storeId: 13, limit: 50, ...search }, options);
  expect(explained.plan, explained.plan).not.toMatch(/Seq Scan on orders/);
  return explained.indexes;
}

describe('the order search over many orders', () => {
  it('finds a name and an e-mail address through their trigram indexes', async () => {
    const indexes = await indexesOf({ q: 'zwetschgen' });
    expect(indexes).toContain('orders_customer_name_trgm_idx');
    expect(indexes).toContain('orders_email_trgm_idx');
    // A whole address is mostly trigrams every address has ("exa", ".co"): the planner may rather read
    // the table, and it can always read the index.
    expect(await indexesOf({ q: NEEDLE.email }, { seqscan: false })).toContain('orders_email_trgm_idx');
  });

  it("finds a phone number through its digits' trigram index", async () => {
    expect(await indexesOf({ q: '0170 999 888 77' })).toContain('orders_phone_digits_trgm_idx');
    expect(await indexesOf({ q: '999 888 77' })).toContain('orders_phone_digits_trgm_idx');
  });

  it('finds an order number through the primary key', async () => {
    expect(await indexesOf({ q: '#12345' })).toContain('orders_pkey');
  });

  it('lists the newest orders, a later page and a day range through (store, created_at, id)', async () => {
    expect(await indexesOf({})).toEqual(['orders_store_created_idx']);
    expect(await indexesOf({ cursor: 20_000 })).toContain('orders_store_created_idx');
    expect(await indexesOf({ from: '2026-11-01', to: '2026-11-03' })).toContain('orders_store_created_idx');
  });

  it('finds a rare payment state through (store, payment_status, created_at)', async () => {
    expect(await indexesOf({ payment_status: 'declined' })).toContain('orders_store_payment_status_created_idx');
    // The payments that need a person have an index of their own (migration 0016); either serves.
    const refused = await indexesOf({ payment_status: 'refund_failed' });
    expect(
      refused.some((name) => ['orders_store_payment_status_created_idx', 'orders_payment_review_idx'].includes(name)),
    ).toBe(true);
  });
});
