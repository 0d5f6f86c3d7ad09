import { availableParallelism, cpus } from 'node:os';
import path from 'node:path';
import type { Result } from 'lighthouse';
import { formatMarkdown, renderSection, writeSection, type PageRuns } from './lighthouse-report.ts';
import { ROOT, buildWebApp, startStorefront, type Storefront } from './lighthouse-server.ts';
import {
  SHOP_PATH,
  measureCheckout,
  measureInteractions,
  measureMenu,
  openChrome,
  openChromes,
  type Interactions,
} from './lighthouse-shop.ts';
import type { Page } from 'puppeteer-core';

// Lighthouse on a phone (its mobile defaults) against the storefront as `npm start` serves it: the
// menu on a cold load, the checkout reached as a guest with a cart, and the latency of two menu
// interactions. Prints medians over LIGHTHOUSE_RUNS runs and writes them to docs/BENCHMARKS.md. Scores
// never fail the run; it exits non-zero only when it could not measure.

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const TIMEOUT_SECONDS = Number(process.env.LIGHTHOUSE_TIMEOUT ?? Math.max(600, RUNS * 240));
const BUILD = process.env.LIGHTHOUSE_BUILD !== '0';
const OUTPUT = path.join(ROOT, 'docs/BENCHMARKS.md');

if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`LIGHTHOUSE_RUNS must be a positive integer, not ${RUNS}`);

let storefront: Storefront | undefined;
let stage = 'starting';

/** Kills what is still running, synchronously: the last word on any way out. */
function killAll(): void {
  for (const chrome of openChromes) chrome.kill();
  openChromes.clear();
  storefront?.kill();
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal} during ${stage}: stopping`);
    killAll();
    process.exit(130);
  });
}
const timeout = setTimeout(() => {
  console.error(`timed out after ${TIMEOUT_SECONDS} s during ${stage} (LIGHTHOUSE_TIMEOUT)`);
  killAll();
  process.exit(1);
}, TIMEOUT_SECONDS * 1000);

/** One measurement in a Chromium of its own, closed afterwards whatever happens. */
async function inFreshChrome<T>(what: string, measure: (page: Page) => Promise<T>): Promise<T> {
  stage = what;
  const chrome = await openChrome();
  try {
    return await measure(chrome.page);
  } finally {
    await chrome.close();
  }
}

try {
  if (BUILD) {
    stage = 'npm run build';
    console.log('building the web app (npm run build)…');
    await buildWebApp();
  } else {
    console.log('LIGHTHOUSE_BUILD=0: measuring the web app as built in apps/web/dist');
  }
  stage = 'starting the server';
  storefront = await startStorefront();
  const { origin } = storefront;
  console.log(`server on ${origin}; ${RUNS} runs, timeout ${TIMEOUT_SECONDS} s`);

  const chromium = await inFreshChrome('reading the Chromium version', (page) => page.browser().version());
  const menu: Result[] = [];
  const checkout: Result[] = [];
  const interactions: Interactions[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const started = Date.now();
    menu.push(await inFreshChrome(`run ${run}: menu`, (page) => measureMenu(page, origin)));
    checkout.push(await inFreshChrome(`run ${run}: checkout`, (page) => measureCheckout(page, origin)));
    interactions.push(await inFreshChrome(`run ${run}: interactions`, (page) => measureInteractions(page, origin)));
    const performance = (lhr: Result | undefined) => Math.round((lhr?.categories.performance?.score ?? 0) * 100);
    console.log(
      `run ${run}/${RUNS} (${((Date.now() - started) / 1000).toFixed(0)} s): performance menu ` +
        `${performance(menu.at(-1))}, checkout ${performance(checkout.at(-1))}; quick-add ` +
        `${Math.round(interactions.at(-1)?.quickAdd ?? 0)} ms, options ${Math.round(interactions.at(-1)?.openOptions ?? 0)} ms`,
    );
  }

  stage = 'writing the report';
  const pages: PageRuns[] = [
    { name: 'menu', path: SHOP_PATH, reports: menu },
    { name: 'checkout', path: `${SHOP_PATH}checkout`, reports: checkout },
  ];
  const section = renderSection(
    {
      date: new Date(),
      chromium: chromium.replace(/^HeadlessChrome\//, 'Chromium ').replace(/^Chrome\//, 'Chromium '),
      runs: RUNS,
      cores: availableParallelism(),
      cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
      command: `LIGHTHOUSE_RUNS=${RUNS} npm run lighthouse`,
    },
    pages,
    interactions,
  );
  console.log(`\n${await formatMarkdown(section, OUTPUT)}`);
  await writeSection(OUTPUT, section);
  console.log(`written to ${path.relative(ROOT, OUTPUT)}`);
} catch (error) {
  console.error(`could not measure (${stage}):`, error);
  process.exitCode = 1;
} finally {
  clearTimeout(timeout);
  await storefront?.stop();
  storefront = undefined;
}
