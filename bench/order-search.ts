import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { executeRows, openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { seedDemoRestaurant } from '../apps/server/src/db/seed/index.ts';
import { searchOrders, type OrderSearch } from '../apps/server/src/features/orders/search.ts';
import { explainOrderSearch, NEEDLE, seedBulkOrders } from '../apps/server/test/bulk-orders.ts';
import { createFreshDatabase } from '../apps/server/test/fresh-database.ts';
import { writeSection } from './lighthouse-report.ts';
import { recordFigures, type Figure } from './results.ts';

// Staff's order search over 100,000 orders ("Bestellungen"), on PGlite and, when TEST_DATABASE_URL is
// set, on PostgreSQL: each search's median time beside a trivial query's (one order by its number) in the
// same run, and which indexes its plan reads. Timings depend on the machine, so nothing here passes or
// fails on speed; the plans are checked by `features/orders/search-plans.test.ts`.

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const OUTPUT = fileURLToPath(new URL('../docs/BENCHMARKS.md', import.meta.url));

const SEARCHES: { label: string; search: Partial<OrderSearch> }[] = [
  { label: 'newest 50, no filter', search: {} },
  { label: 'page 1,000 orders deep (cursor)', search: { cursor: ORDERS - 1_000 } },
  { label: 'order number "#4711"', search: { q: '#4711' } },
  { label: 'name part "zwetschgen"', search: { q: 'zwetschgen' } },
  { label: 'common surname "müller"', search: { q: 'müller' } },
  { label: 'whole e-mail address', search: { q: NEEDLE.email } },
  { label: 'phone "0170 999 888 77"', search: { q: '0170 999 888 77' } },
  { label: 'phone part "99888"', search: { q: '99888' } },
  { label: 'one local day', search: { from: '2026-11-01', to: '2026-11-01' } },
  { label: 'payment state refund_failed', search: { payment_status: 'refund_failed' } },
  {
    label: 'PayPal + rejected + a week',
    search: { payment_method: 'paypal', status: 'rejected', from: '2026-10-01', to: '2026-10-07' },
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm: the plan and the pages it reads
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

interface Measured {
  label: string;
  trivial: number;
  rows: { name: string; time: number; scan: string }[];
}

async function measure(label: string, database: Database): Promise<Measured> {
  const db = database.db;
  await seedDemoRestaurant(db);
  const seedStart = performance.now();
  await seedBulkOrders(db, ORDERS);
  console.log(
    `\n${label}: ${ORDERS.toLocaleString('en')} orders seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const trivial = await timed(() => executeRows(db, sql`select id, status from orders where id = 4711`));
  console.log(`${'trivial: one order by its number'.padEnd(36)} ${trivial.toFixed(2).padStart(8)} ms   (1.0×)`);
  const rows: Measured['rows'] = [];
  for (const { label: name, search } of SEARCHES) {
    const full: OrderSearch = { storeId: 13, limit: 50, ...search };
    const time = await timed(() => searchOrders(db, full));
    const { indexes, plan } = await explainOrderSearch(db, full);
    const scan = /Seq Scan on orders/.test(plan) ? 'SEQ SCAN on orders' : indexes.join(', ');
    const ratio = time / trivial;
    console.log(`${name.padEnd(36)} ${time.toFixed(2).padStart(8)} ms   (${ratio.toFixed(1)}×)   ${scan}`);
    rows.push({ name, time, scan });
  }
  return { label, trivial, rows };
}

/** The section of docs/BENCHMARKS.md: one table, a column pair per database. */
function section(measured: Measured[]): string {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const names = measured[0]?.rows.map((row) => row.name) ?? [];
  const head = [
    'search (50 a page)',
    ...measured.flatMap((m) => [`${m.label} ms (× trivial)`, `${m.label} plan reads`]),
  ];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const table = [
    line(head),
    line(head.map(() => '---')),
    line([
      'trivial: one order by its number',
      ...measured.flatMap((m) => [`${m.trivial.toFixed(2)} (1×)`, '`orders_pkey`']),
    ]),
    ...names.map((name, index) =>
      line([
        name,
        ...measured.flatMap((m) => {
          const row = m.rows[index];
          return row ? [`${row.time.toFixed(2)} (${(row.time / m.trivial).toFixed(1)}×)`, `\`${row.scan}\``] : ['', ''];
        }),
      ]),
    ),
  ];
  return [
    '## Order search ("Bestellungen")',
    '',
    `${when} UTC · ${cpus().length} cores · ${ORDERS.toLocaleString('en')} orders of one store, median of ${RUNS} runs ` +
      'after one to warm · `TEST_DATABASE_URL=postgres://… npm run order-search -w @pizzeria/bench`',
    '',
    "`searchOrders` (what `GET /api/admin/stores/13/orders` runs) in the bench's own process, against a trivial " +
      'query in the same run: one order by its number. The orders are written by `apps/server/test/bulk-orders.ts`: ' +
      '100 names with a phone number and e-mail address each, a third paid with PayPal, and one customer who ordered ' +
      'once (the needle). "plan reads" is what `EXPLAIN` names; `features/orders/search-plans.test.ts` fails when ' +
      'the indexes go.',
    '',
    ...table,
  ].join('\n');
}

const measured: Measured[] = [];
const pglite = await openDatabase({ dataDir: 'memory://' });
try {
  measured.push(await measure('PGlite', pglite));
} finally {
  await pglite.close();
}

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const fresh = await createFreshDatabase(adminUrl);
  const postgres = await openDatabase({ url: fresh.url(), dataDir: 'memory://' });
  try {
    measured.push(await measure('PostgreSQL', postgres));
  } finally {
    await postgres.close();
    await fresh.drop();
  }
} else {
  console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL to measure it too)');
}

const figures: Figure[] = measured.flatMap((m) =>
  m.rows.map((row) => ({
    figure: `order search, ${m.label}: ${row.name} / trivial`,
    value: `${(row.time / m.trivial).toFixed(1)}× (${row.time.toFixed(1)} ms)`,
  })),
);
recordFigures('order-search', figures);
await writeSection(OUTPUT, section(measured), 'order-search');
