import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema.ts';
import { buildTestServer, type TestServer } from '../../test/helper.ts';
import { createRateLimits, type Counter } from './rate-limits.ts';

let subjects = 0;
function counter(max: number, windowSeconds = 60): Counter {
  subjects += 1;
  return { kind: 'test', subject: `subject ${subjects}`, limit: { max, windowSeconds } };
}

// One statement counts on both databases (take_rate_limits), prepared on PostgreSQL: both are held to the same rules.
const databases = [
  { name: 'PGlite', database: 'pglite' as const },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', database: 'default' as const }] : []),
];

describe.each(databases)('rate limits on $name', ({ database }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer({}, { database });
  });
  afterAll(() => server.close());

  it('lets exactly `max` of a parallel burst through', async () => {
    const limited = counter(7);
    const results = await Promise.all(Array.from({ length: 40 }, () => server.app.rateLimits.take([limited])));
    expect(results.filter((result) => result.ok)).toHaveLength(7);
    for (const result of results) if (!result.ok) expect(result.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('counts a refused attempt against none of its counters', async () => {
    const tight = counter(1);
    const loose = counter(3);
    expect(await server.app.rateLimits.take([tight, loose])).toEqual({ ok: true });
    for (let i = 0; i < 5; i += 1) expect((await server.app.rateLimits.take([tight, loose])).ok).toBe(false);
    // The loose counter saw one attempt, not six: two more fit.
    expect(await server.app.rateLimits.take([loose])).toEqual({ ok: true });
    expect(await server.app.rateLimits.take([loose])).toEqual({ ok: true });
    expect((await server.app.rateLimits.take([loose])).ok).toBe(false);
  });

  it('holds parallel attempts over shared counters to every limit, counting the refused ones on none', async () => {
    const address = counter(5);
    const blocked = counter(1);
    expect((await server.app.rateLimits.take([blocked])).ok).toBe(true);
    // Attempts of a blocked customer and of others from the same address, all at once.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        server.app.rateLimits.take(index % 2 === 0 ? [address, blocked] : [address, counter(10)]),
      ),
    );
    expect(results.filter((result, index) => index % 2 === 0 && result.ok)).toHaveLength(0);
    expect(results.filter((result) => result.ok)).toHaveLength(5);
  });

  it('gives attempts back and clears counters', async () => {
    const limited = counter(1);
    expect((await server.app.rateLimits.take([limited])).ok).toBe(true);
    expect((await server.app.rateLimits.take([limited])).ok).toBe(false);
    await server.app.rateLimits.giveBack([limited]);
    expect((await server.app.rateLimits.take([limited])).ok).toBe(true);
    await server.app.rateLimits.clear([limited]);
    expect((await server.app.rateLimits.take([limited])).ok).toBe(true);
  });

  it('takes, gives back and clears the same counters at once without waiting on each other in a circle', async () => {
    // An order takes its counters, and gives them back when it is refused: 50 retries of one order did
    // both at once on the same rows, and locking them in different orders was a deadlock (a 500).
    const shared = [counter(1000), counter(1000), counter(1000)];
    const attempts = Array.from({ length: 60 }, async (_, index) => {
      const mine = index % 2 === 0 ? shared : [...shared].reverse();
      const taken = await server.app.rateLimits.take(mine);
      expect(taken.ok).toBe(true);
      if (index % 3 === 0) await server.app.rateLimits.clear([counter(1), ...mine.slice(0, 1)]);
      await server.app.rateLimits.giveBack(mine);
    });
    await Promise.all(attempts);
  });

  it('starts a new window when the last one has ended, and says how long the current one lasts', async () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const limits = createRateLimits(server.app.database, () => now);
    const limited = counter(2, 600);
    expect((await limits.take([limited])).ok).toBe(true);
    now = new Date('2026-11-23T10:04:00Z');
    expect((await limits.take([limited])).ok).toBe(true);
    expect(await limits.take([limited])).toEqual({ ok: false, retryAfterSeconds: 360 });
    now = new Date('2026-11-23T10:10:00Z');
    expect(await limits.take([limited])).toEqual({ ok: true });
  });

  it('stores hashes, never the e-mail or address it counts', async () => {
    await server.app.rateLimits.take([
      { kind: 'login:account', subject: 'anna@example.com', limit: { max: 5, windowSeconds: 60 } },
    ]);
    const rows = await server.app.database.db.select().from(rateLimits);
    expect(JSON.stringify(rows)).not.toContain('anna');
  });
});
