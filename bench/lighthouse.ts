import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { Result } from 'lighthouse';
import type { Page } from 'puppeteer-core';
import { startCeiling, type Ceiling } from './lighthouse-ceiling.ts';
import { formatMarkdown, renderSection, writeSection, type Run, type Variant } from './lighthouse-report.ts';
import {
  ROOT,
  WEB_DIST,
  buildWebApp,
  checkWebBuild,
  firstLoadScriptBytes,
  startStorefront,
  withoutAutomaticPauses,
  type Storefront,
} from './lighthouse-server.ts';
import {
  SHOP_PATH,
  measureCheckout,
  measureNavigation,
  measureOptionsDialog,
  measureTap,
  openChrome,
  openChromes,
} from './lighthouse-shop.ts';

// Lighthouse on a phone (its mobile defaults) against the storefront as `npm start` serves it: the menu
// on a cold load and the options dialog tapped open from it, the menu without its scripts (the ceiling of
// its LCP), the checkout reached as a guest with a cart, and the INP of two taps on a 4× slowed CPU;
// with LIGHTHOUSE_VARIANTS, other builds of the web app as well. Prints medians over LIGHTHOUSE_RUNS runs,
// each run's figures with the machine's load, and the targets beside their figures, and writes them to
// docs/BENCHMARKS.md. Figures never fail the run; it exits non-zero only when it could not measure.

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const BUILD = process.env.LIGHTHOUSE_BUILD !== '0';
const OUTPUT = path.join(ROOT, 'docs/BENCHMARKS.md');

/**
 * `name=dist,name=dist`: builds of the web app to compare with the one measured, each a `dist` directory
 * with its `dist-server` beside it (a copy of the repository built with a plugin taken out, say).
 */
function parseVariants(value: string | undefined): { name: string; dist: string }[] {
  if (!value?.trim()) return [];
  return value.split(',').map((entry) => {
    const separator = entry.indexOf('=');
    const name = entry.slice(0, separator).trim();
    const dist = path.resolve(entry.slice(separator + 1).trim());
    if (separator < 1 || !name) throw new Error(`LIGHTHOUSE_VARIANTS: "${entry}" is not name=dist`);
    checkWebBuild(dist);
    return { name, dist };
  });
}
const VARIANTS = parseVariants(process.env.LIGHTHOUSE_VARIANTS);
const TIMEOUT_SECONDS = Number(process.env.LIGHTHOUSE_TIMEOUT ?? Math.max(600, RUNS * (240 + 90 * VARIANTS.length)));

if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`LIGHTHOUSE_RUNS must be a positive integer, not ${RUNS}`);

const storefronts: Storefront[] = [];
let ceiling: Ceiling | undefined;
let stage = 'starting';

/** Kills what is still running, synchronously: the last word on any way out. */
function killAll(): void {
  for (const chrome of openChromes) chrome.kill();
  openChromes.clear();
  for (const storefront of storefronts) storefront.kill();
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

/**
 * A measurement that Lighthouse could not score is tried once more in a new Chromium: with the CPU and
 * network throttled for real, a trace now and then lacks a metric, which says nothing of the page.
 */
async function inFreshChromeRetried<T>(what: string, measure: (page: Page) => Promise<T>): Promise<T> {
  try {
    return await inFreshChrome(what, measure);
  } catch (error) {
    console.log(`${what}: ${error instanceof Error ? error.message : String(error)}; measuring again`);
    return inFreshChrome(`${what} (again)`, measure);
  }
}

async function startServing(env: Record<string, string> = {}): Promise<Storefront> {
  const storefront = await startStorefront(env);
  storefronts.push(storefront);
  await withoutAutomaticPauses(storefront);
  return storefront;
}

try {
  if (BUILD) {
    stage = 'npm run build';
    console.log('building the web app (npm run build)…');
    await buildWebApp();
  } else {
    console.log('LIGHTHOUSE_BUILD=0: measuring the web app as built in apps/web/dist');
  }
  checkWebBuild(WEB_DIST);
  const firstLoadJs = firstLoadScriptBytes(WEB_DIST);
  stage = 'starting the servers';
  const { origin } = await startServing();
  ceiling = await startCeiling(origin);
  const variants: (Variant & { origin: string })[] = [];
  for (const { name, dist } of VARIANTS) {
    const variant = await startServing({ WEB_DIST: dist });
    variants.push({ name, firstLoadJs: firstLoadScriptBytes(dist), origin: variant.origin });
    console.log(`variant "${name}" (${dist}) on ${variant.origin}`);
  }
  console.log(`server on ${origin}, without scripts on ${ceiling.origin}; ${RUNS} runs, timeout ${TIMEOUT_SECONDS} s`);

  const chromium = await inFreshChrome('reading the Chromium version', (page) => page.browser().version());
  const runs: Run[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const started = Date.now();
    const load = loadavg()[0] ?? Number.NaN;
    const { menu, tap, dialog } = await inFreshChrome(`run ${run}: menu and options dialog`, (page) =>
      measureOptionsDialog(page, origin),
    );
    const ceilingOrigin = ceiling.origin;
    const withoutScripts = await inFreshChrome(`run ${run}: menu without scripts`, (page) =>
      measureNavigation(page, `${ceilingOrigin}${SHOP_PATH}`, 'menu without scripts'),
    );
    // The same two pages with slow 4G and the 4× slower CPU applied to the browser (DevTools throttling)
    // rather than simulated: what a phone feels. The simulation counts the first-load script, which
    // arrives before the first paint when unthrottled, as needed for that paint (decision 021).
    const menuThrottled = await inFreshChromeRetried(`run ${run}: menu, throttled for real`, (page) =>
      measureNavigation(page, `${origin}${SHOP_PATH}`, 'menu, throttled for real', 'devtools'),
    );
    const withoutScriptsThrottled = await inFreshChromeRetried(
      `run ${run}: menu without scripts, throttled for real`,
      (page) =>
        measureNavigation(page, `${ceilingOrigin}${SHOP_PATH}`, 'menu without scripts, throttled for real', 'devtools'),
    );
    const checkout = await inFreshChrome(`run ${run}: checkout`, (page) => measureCheckout(page, origin));
    const quickAdd = await inFreshChrome(`run ${run}: add to cart`, (page) => measureTap(page, origin, 'quickAdd'));
    const openOptions = await inFreshChrome(`run ${run}: open the options dialog`, (page) =>
      measureTap(page, origin, 'openOptions'),
    );
    const variantRuns: Run['variants'] = [];
    for (const variant of variants) {
      variantRuns.push({
        menu: await inFreshChrome(`run ${run}: menu, ${variant.name}`, (page) =>
          measureNavigation(page, `${variant.origin}${SHOP_PATH}`, `menu, ${variant.name}`),
        ),
        openOptions: await inFreshChrome(`run ${run}: open the options dialog, ${variant.name}`, (page) =>
          measureTap(page, variant.origin, 'openOptions'),
        ),
      });
    }
    runs.push({
      load,
      menu,
      tap,
      dialog,
      ceiling: withoutScripts,
      menuThrottled,
      ceilingThrottled: withoutScriptsThrottled,
      checkout,
      quickAdd,
      openOptions,
      variants: variantRuns,
    });
    const performance = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const lcp = (lhr: Result) => Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
    console.log(
      `run ${run}/${RUNS} (${((Date.now() - started) / 1000).toFixed(0)} s, load ${load.toFixed(2)}): performance ` +
        `menu ${performance(menu)}, dialog ${performance(tap)}, checkout ${performance(checkout)}; LCP ${lcp(menu)} ms, ` +
        `without scripts ${lcp(withoutScripts)} ms; throttled for real ${lcp(menuThrottled)} / ${lcp(withoutScriptsThrottled)} ms; INP add to cart ${Math.round(quickAdd)} ms, options ${Math.round(openOptions)} ms` +
        variants
          .map(
            (variant, index) =>
              `; ${variant.name}: LCP ${lcp(variantRuns[index]?.menu ?? menu)} ms, ` +
              `options ${Math.round(variantRuns[index]?.openOptions ?? 0)} ms`,
          )
          .join(''),
    );
  }

  stage = 'writing the report';
  const variantNames = VARIANTS.length > 0 ? `LIGHTHOUSE_VARIANTS=… ` : '';
  const section = renderSection(
    {
      date: new Date(),
      chromium: chromium.replace(/^HeadlessChrome\//, 'Chromium ').replace(/^Chrome\//, 'Chromium '),
      runs: RUNS,
      cores: availableParallelism(),
      cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
      command: `${variantNames}LIGHTHOUSE_RUNS=${RUNS} npm run lighthouse`,
      firstLoadJs,
    },
    runs,
    variants,
  );
  console.log(`\n${await formatMarkdown(section, OUTPUT)}`);
  await writeSection(OUTPUT, section);
  console.log(`written to ${path.relative(ROOT, OUTPUT)}`);
} catch (error) {
  console.error(`could not measure (${stage}):`, error);
  process.exitCode = 1;
} finally {
  clearTimeout(timeout);
  await ceiling?.stop();
  for (const storefront of storefronts.splice(0)) await storefront.stop();
}
