import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { timeSlotsSchema } from '@pizzeria/domain';
import { createFreshDatabase } from '../apps/server/test/fresh-database.ts';
import { writeSection } from './lighthouse-report.ts';
import { machineCpu, machineSpent } from './machine-cpu.ts';
import { recordFigures } from './results.ts';
import type { FromOrderServer, ToOrderServer } from './order-protocol.ts';
import { measureCeiling } from './orders-ceiling.ts';
import { closedLoop, postJson } from './orders-load.ts';

// Guest orders (`POST /api/orders/guest`) at 20 connections against their ceiling, the same
// rows written as plain INSERTs through `pg` (orders-ceiling.ts). The server runs in a child process
// (order-server.ts) on a fresh PostgreSQL database on DATABASE_URL's server, else on an in-memory PGlite
// (no ceiling then). Rounds: menu reads, ASAP orders (all into one slot), the ceiling, orders spread over
// the day's slots, and one Idempotency-Key sent by 50 clients at once. After each order round the
// database must hold exactly one order per 201 and none for any other answer; the retried key, one
// order. Those fail the run; speed never does. On PostgreSQL it writes its section of docs/BENCHMARKS.md.

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of at least 1, not ${raw}`);
  }
  return value;
}

const DURATION_SECONDS = positiveInteger('BENCH_DURATION', 10);
const CONNECTIONS = positiveInteger('BENCH_CONNECTIONS', 20);
/** Seconds after which the run stops, says where, and exits non-zero. */
const TIMEOUT_SECONDS = positiveInteger('BENCH_TIMEOUT', 180);
/** Clients sending one Idempotency-Key at once. */
const RETRIES = 50;
const MENU_PATH = '/api/products/?store_id=13';
const ORDER_PATH = '/api/orders/guest';
const OUTPUT = fileURLToPath(new URL('../docs/BENCHMARKS.md', import.meta.url));
/** The targets, printed beside the figures (docs/BENCHMARKS.md says where they come from). */
const TARGET_ORDERS_PER_SECOND = 500;
const TARGET_P99_MS = 50;

let stage = 'starting';
const watchdog = setTimeout(() => {
  console.error(`BENCH_TIMEOUT: stopped after ${TIMEOUT_SECONDS} s while ${stage}`);
  process.exit(1);
}, TIMEOUT_SECONDS * 1000);
watchdog.unref();

const database = process.env.DATABASE_URL ? await createFreshDatabase(process.env.DATABASE_URL) : null;
const profileDir = process.env.BENCH_PROFILE ? mkdtempSync(path.join(tmpdir(), 'orders-profile-')) : null;

const child = fork(fileURLToPath(new URL('./order-server.ts', import.meta.url)), {
  env: { ...process.env, DATABASE_URL: database ? database.url() : '' },
  execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
});

function next<T extends FromOrderServer['type']>(type: T): Promise<Extract<FromOrderServer, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the server exited (${code}) before "${type}"`));
    child.once('exit', onExit);
    const onMessage = (message: FromOrderServer) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<FromOrderServer, { type: T }>);
    };
    child.on('message', onMessage);
  });
}

function tell(message: ToOrderServer): void {
  child.send(message);
}

/** Every order the database holds, by id: the Idempotency-Key it was placed with. */
async function storedOrders(): Promise<Map<number, string>> {
  tell({ type: 'list' });
  const { orders } = await next('orders');
  return new Map(orders.map((order) => [order.id, order.key]));
}

/** The server's CPU time so far, and the moment on its profile's clock. */
async function usage() {
  tell({ type: 'usage' });
  return next('usage');
}

/** What the orders of one round were answered: each Idempotency-Key's status, and the order of each 201. */
class Answers {
  readonly statuses = new Map<number, number>();
  /** Order id → the key its 201 was sent with. */
  readonly created = new Map<number, string>();
  /** Keys answered with anything but 201. */
  readonly other = new Set<string>();

  record(key: string, status: number, body: string): number | null {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    const id = status === 200 || status === 201 ? (JSON.parse(body) as { id: number }).id : null;
    if (status === 201 && id !== null) this.created.set(id, key);
    else this.other.add(key);
    return id;
  }

  count(status: number): number {
    return this.statuses.get(status) ?? 0;
  }

  /** `201 ×1, 200 ×49` */
  summary(): string {
    return [...this.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status} ×${count}`)
      .join(', ');
  }
}

/**
 * The database against the answers: every 201's order is there under the key it was sent with, no key
 * answered otherwise has an order, and there is no other order.
 */
function onePer201(answers: Answers, stored: Map<number, string>): { ok: boolean; text: string } {
  const missing = [...answers.created].filter(([id, key]) => stored.get(id) !== key).length;
  const forOthers = [...stored.values()].filter((key) => answers.other.has(key)).length;
  const ok =
    missing === 0 && forOthers === 0 && stored.size === answers.count(201) && stored.size === answers.created.size;
  const text =
    `${stored.size.toLocaleString('en')} orders for ${answers.count(201).toLocaleString('en')} 201s` +
    `${missing > 0 ? ` (${missing} of them missing)` : ''}, ${forOthers} for ${answers.other.size} other answers`;
  return { ok, text: ok ? `✓ ${text}` : `✗ ${text}` };
}

const fixed = (value: number) => value.toFixed(1);
const whole = (value: number) => Math.round(value).toLocaleString('en');

let failed = false;
const fail = (message: string) => {
  console.error(message);
  failed = true;
};

try {
  const ready = await next('listening');
  const origin = new URL(`http://127.0.0.1:${ready.port}`);
  const onPostgres = ready.kind === 'postgres';
  const clear = async () => {
    tell({ type: 'clear' });
    await next('cleared');
  };

  // Each order from another guest at another address, as in a shop: the abuse limits count per customer
  // and per address, and one guest's thousands of orders would only measure their counters' row locks.
  let guests = 0;
  const order = (requestedTime: string, guest: number) =>
    JSON.stringify({
      store_id: 13,
      order_type: 'pickup',
      items: [{ product_id: ready.productId, quantity: 2, extras: [] }],
      requested_time: requestedTime,
      payment_method: 'cash',
      address: {
        type: 'shipping',
        customer_name: 'Bench Gast',
        phone: `0151${String(guest).padStart(8, '0')}`,
        email: `bench-${guest}@example.com`,
        line1: 'Gneisenaustraße 1',
        city: 'Berlin',
        zip: '10969',
        country: 'DE',
      },
    });
  /** Sends one order of `guest` with `key` on `agent` and records its answer. */
  const place = async (agent: http.Agent, answers: Answers, key: string, guest: number, body: string) => {
    const answer = await postJson(
      agent,
      origin,
      ORDER_PATH,
      {
        'idempotency-key': key,
        // The child trusts one proxy hop (TRUST_PROXY=1): this is the client's address.
        'x-forwarded-for': `10.${(guest >> 16) & 255}.${(guest >> 8) & 255}.${guest & 255}`,
      },
      body,
    );
    return answers.record(key, answer.status, answer.body);
  };
  /** A round of orders, each its own key, guest and address, for the time `timeOf` gives; then the check. */
  const orderRound = async (timeOf: () => string) => {
    await clear();
    const answers = new Answers();
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const before = await usage();
    const loadBefore = process.cpuUsage();
    const machineBefore = machineCpu();
    const load = await closedLoop(CONNECTIONS, DURATION_SECONDS, async () => {
      guests += 1;
      await place(agent, answers, randomUUID(), guests, order(timeOf(), guests));
    });
    const machineAfter = machineCpu();
    const loadCpu = process.cpuUsage(loadBefore);
    const after = await usage();
    agent.destroy();
    const stored = await storedOrders();
    const cpuPerOrder = (after.cpuMs - before.cpuMs) / Math.max(1, load.finished);
    const loadCpuPerOrder = (loadCpu.user + loadCpu.system) / 1000 / Math.max(1, load.finished);
    return {
      load,
      answers,
      check: onePer201(answers, stored),
      cpuPerOrder,
      loadCpuPerOrder,
      machine: machineSpent(machineBefore, machineAfter, load.finished, cpuPerOrder + loadCpuPerOrder),
      profileWindow: `${before.atMicros}–${after.atMicros}`,
    };
  };

  stage = 'reading the menu';
  const menu = await autocannon({
    url: `${origin.origin}${MENU_PATH}`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    warmup: { connections: CONNECTIONS, duration: 1 },
  });
  if (menu.errors + menu.non2xx > 0) fail(`the menu answered ${menu.non2xx} non-2xx, ${menu.errors} errors`);

  stage = 'placing ASAP orders';
  const asap = await orderRound(() => 'asap');

  let ceiling: Awaited<ReturnType<typeof measureCeiling>> | null = null;
  if (onPostgres && database) {
    stage = 'writing the ceiling orders';
    const [template] = asap.answers.created.keys();
    if (template === undefined) throw new Error('no ASAP order was placed: no rows to copy for the ceiling');
    ceiling = await measureCeiling(database.url(), template, CONNECTIONS, DURATION_SECONDS);
  }

  stage = 'placing orders for requested times';
  await clear();
  const offered = timeSlotsSchema.parse(
    await (await fetch(`${origin.origin}/api/stores/13/slots?order_type=pickup`)).json(),
  );
  const times = offered.slots.map((slot) => slot.time);
  if (times.length === 0) throw new Error('the store offers no slot to order for');
  let turn = 0;
  const scheduled = await orderRound(() => times[turn++ % times.length] ?? 'asap');

  stage = `sending one Idempotency-Key from ${RETRIES} clients at once`;
  await clear();
  guests += 1;
  const retried = new Answers();
  const retryKey = randomUUID();
  const retryBody = order('asap', guests);
  const retryAgent = new http.Agent({ keepAlive: false, maxSockets: RETRIES });
  const retryIds = await Promise.all(
    Array.from({ length: RETRIES }, () => place(retryAgent, retried, retryKey, guests, retryBody).catch(() => null)),
  );
  retryAgent.destroy();
  const retryStored = await storedOrders();
  const retryOrders = [...retryStored.values()].filter((key) => key === retryKey).length;
  const answeredIds = new Set(retryIds.filter((id) => id !== null));
  const unanswered = RETRIES - [...retried.statuses.values()].reduce((sum, count) => sum + count, 0);
  const sameOrder = answeredIds.size === 1 && retryStored.has([...answeredIds][0] ?? -1);
  // Each answer the order (one 201, the replays 200) or a 409 that the key is taken; nothing else.
  const onlyOrderOr409 = [...retried.statuses.keys()].every(
    (status) => status === 200 || status === 201 || status === 409,
  );
  const retryOk =
    retryOrders === 1 &&
    retryStored.size === 1 &&
    sameOrder &&
    unanswered === 0 &&
    onlyOrderOr409 &&
    retried.count(201) === 1;
  const retryText =
    `${retryOrders} order${retryOrders === 1 ? '' : 's'}; answers ${retried.summary()}` +
    `${unanswered > 0 ? `, ${unanswered} without an answer` : ''}; ` +
    `${sameOrder ? 'every 200/201 the same order' : `${answeredIds.size} different orders answered`}`;

  const percent = (share: number) => `${Math.round(share * 100)} %`;
  const shopRow = (label: string, round: typeof asap) => {
    const ratio = ceiling ? `**${(round.load.perSecond / ceiling.perSecond).toFixed(2)}**` : '—';
    const { machine } = round;
    return (
      `| ${label} | **${whole(round.load.perSecond)}** (≥ ${TARGET_ORDERS_PER_SECOND}) | ${ratio} | ` +
      `${fixed(round.load.p50)} / **${fixed(round.load.p99)}** (< ${TARGET_P99_MS}) | ${fixed(round.cpuPerOrder)} | ` +
      `${fixed(round.loadCpuPerOrder)} | ${machine ? fixed(machine.restPerOrder) : '—'} | ` +
      `${machine ? `**${fixed(machine.allPerOrder)}**` : '—'} | ${machine ? percent(machine.busyShare) : '—'} | ` +
      `${round.answers.summary()} | ${round.check.text} |`
    );
  };
  const ceilingMachine = ceiling?.machine ?? null;
  const databaseName = onPostgres ? 'PostgreSQL 15 (a fresh database)' : 'an in-memory PGlite';
  const section = [
    '## Guest orders against their ceiling',
    '',
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}) · ` +
      `${databaseName} · ${CONNECTIONS} connections, ${DURATION_SECONDS} s per round · ` +
      `\`${onPostgres ? 'DATABASE_URL=postgres://… ' : ''}npm run orders -w @pizzeria/bench\``,
    '',
    `\`POST ${ORDER_PATH}\` to the shop's server (a child process), each order its own guest, client address and Idempotency-Key, a closed loop of ${CONNECTIONS} clients that waits for every answer. ASAP orders all go into one slot and share it in its lanes (decision 008); the others are spread over the day's ${times.length} slots. The ceiling writes the same rows as an order's transaction (the order, its first event, its items, copied from an ASAP order of the run) as plain INSERTs through \`pg\`, one transaction per order, a Pool of ${CONNECTIONS} in the bench's own process, each connection counting its copies on a slot_counts row of its own as each of the shop's lanes does. CPU per order (\`process.cpuUsage\` of each process, and the whole machine's from \`/proc/stat\`): the server's process; the load generator's (the bench's process, which for the ceiling is its \`pg\` client too); the rest of the machine, PostgreSQL's backends above all; and all of it, with the share of all cores that was busy during the round. The load generator and PostgreSQL share the machine with the server.`,
    '',
    '| orders | orders/s (target) | ratio to ceiling | p50 / p99 ms (target) | CPU ms per order: server | load | the rest (PostgreSQL) | all | cores busy | answers | database after the round |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    shopRow('shop, ASAP (one slot)', asap),
    shopRow(`shop, over ${times.length} slots`, scheduled),
    ceiling
      ? `| ceiling: plain INSERTs through \`pg\` | ${whole(ceiling.perSecond)} | 1 | ${fixed(ceiling.p50)} / ${fixed(ceiling.p99)} | — | ${fixed(ceiling.cpuPerOrder)} | ${ceilingMachine ? fixed(ceilingMachine.restPerOrder) : '—'} | ${ceilingMachine ? `**${fixed(ceilingMachine.allPerOrder)}**` : '—'} | ${ceilingMachine ? percent(ceilingMachine.busyShare) : '—'} | ${whole(ceiling.finished - ceiling.errors)} committed, ${ceiling.errors} failed | — |`
      : '| ceiling | — (PostgreSQL only) | | | | | | | | | |',
    '',
    `One Idempotency-Key with the same body from ${RETRIES} clients at once (${RETRIES} connections): ${retryOk ? '✓' : '✗'} ${retryText}.`,
    '',
    `Menu reads (\`GET ${MENU_PATH}\`, autocannon) on the same server: ${whole(menu.requests.average)}/s, ` +
      `${(menu.requests.average / asap.load.perSecond).toFixed(1)}× its ASAP orders/s.`,
  ].join('\n');
  console.log(`\n${section}\n`);

  // Not timings: a run that measured the wrong thing, or lost or doubled an order, is no measurement.
  for (const [label, round] of [
    ['ASAP', asap],
    ['over the slots', scheduled],
  ] as const) {
    if (round.load.errors > 0 || round.answers.count(201) !== round.load.finished) {
      fail(`${label}: answers ${round.answers.summary()}, ${round.load.errors} without an answer; all should be 201`);
    }
    if (!round.check.ok) fail(`${label}: the database does not hold one order per 201: ${round.check.text}`);
  }
  if (ceiling && ceiling.errors > 0) fail(`the ceiling: ${ceiling.errors} transactions failed`);
  if (!retryOk) fail(`one Idempotency-Key from ${RETRIES} clients: ${retryText}`);

  if (profileDir) {
    console.log(
      `the order rounds on the profile's clock (µs): ASAP ${asap.profileWindow}, over the slots ${scheduled.profileWindow}`,
    );
    console.log('BENCH_PROFILE set: docs/BENCHMARKS.md is left as it is (the profiler slows the server)');
  } else if (!onPostgres) {
    console.log('DATABASE_URL unset: docs/BENCHMARKS.md is left as it is (its targets are for PostgreSQL)');
  } else if (!failed) {
    await writeSection(OUTPUT, section, 'orders');
    /** The machine's CPU per order beside the ceiling's, and how busy its cores were: whether they were the limit. */
    const cpuFigure = (label: string, { machine }: typeof asap) => {
      if (!machine || !ceilingMachine) return [];
      return [
        {
          figure: `guest orders, ${label}: CPU per order, all processes (shop / ceiling); cores busy`,
          value: `${fixed(machine.allPerOrder)} / ${fixed(ceilingMachine.allPerOrder)} ms; ${percent(machine.busyShare)} / ${percent(ceilingMachine.busyShare)}`,
        },
      ];
    };
    recordFigures('orders', [
      ...(
        [
          ['ASAP (one slot)', asap],
          [`over ${times.length} slots`, scheduled],
        ] as const
      ).flatMap(([label, round]) => [
        {
          figure: `guest orders, ${label}, ${CONNECTIONS} connections: orders/s (shop / ceiling)`,
          value: `${whole(round.load.perSecond)} (${ceiling ? (round.load.perSecond / ceiling.perSecond).toFixed(2) : '—'})`,
          target: `≥ ${TARGET_ORDERS_PER_SECOND}`,
        },
        {
          figure: `guest orders, ${label}: p99`,
          value: `${fixed(round.load.p99)} ms`,
          target: `< ${TARGET_P99_MS} ms`,
        },
        { figure: `guest orders, ${label}: orders stored per 201`, value: round.check.ok ? 'exactly one' : 'wrong' },
        ...cpuFigure(label, round),
      ]),
      {
        figure: `one Idempotency-Key from ${RETRIES} clients at once`,
        value: `${retryOrders} order${retryOrders === 1 ? '' : 's'}`,
        target: '1 order',
      },
    ]);
    console.log(`written to ${path.relative(process.cwd(), OUTPUT)}`);
  }
} catch (error) {
  console.error(`failed while ${stage}:`, error);
  failed = true;
} finally {
  stage = 'stopping the server';
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.connected) tell({ type: 'close' });
    await exited;
  }
  await database?.drop();
  if (profileDir) console.log(`CPU profile of the server: ${profileDir}`);
}
process.exitCode = failed ? 1 : 0;
