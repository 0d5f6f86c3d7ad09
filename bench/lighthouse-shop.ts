import * as chromeLauncher from 'chrome-launcher';
import { startFlow, type Result } from 'lighthouse';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';

// The browser side of lighthouse.ts: a fresh Chromium per measurement, the shop driven the way a
// customer uses it (the labels are the German ones of the e2e journeys), and the measurements.
// Code that runs in the page is passed as strings: bench/ typechecks without the DOM library.

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const SHOP_PATH = '/order-online/';
const STEP_TIMEOUT_MS = 20_000;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Lighthouse's mobile screen (moto g power, its default), so the shop is driven in its phone layout. */
const PHONE_VIEWPORT = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** What the quick-add and options interactions click: a product without options and a pizza with sizes. */
export const QUICK_ADD_PRODUCT = 'Cola 0,33 l';
export const OPTIONS_PRODUCT = 'Pizza Margherita';

export interface Chrome {
  browser: Browser;
  page: Page;
  /** Disconnects and kills Chromium; its temporary profile goes with it. */
  close(): Promise<void>;
}

/** Every Chromium still running, for the exit handlers of lighthouse.ts. */
export const openChromes = new Set<chromeLauncher.LaunchedChrome>();

/** A new Chromium on a new, empty profile (chrome-launcher's temporary user data directory). */
export async function openChrome(): Promise<Chrome> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    handleSIGINT: false,
  });
  openChromes.add(chrome);
  const close = async () => {
    openChromes.delete(chrome);
    await browser?.disconnect().catch(() => undefined);
    chrome.kill();
  };
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    return { browser, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The first visible element matching `selector` whose label (`aria-label`, else its text) starts with `prefix`. */
async function findByLabel(page: Page, selector: string, prefix: string, enabled = true): Promise<ElementHandle> {
  const handle = await page.waitForFunction(
    `[...document.querySelectorAll(${JSON.stringify(selector)})].find((element) => {
      const labelledBy = element.getAttribute('aria-labelledby');
      const label = element.getAttribute('aria-label') ??
        (labelledBy ? document.getElementById(labelledBy.split(' ')[0])?.textContent : element.textContent) ?? '';
      return label.trim().startsWith(${JSON.stringify(prefix)}) && element.getClientRects().length > 0 && !(${enabled} && element.disabled);
    })`,
    { timeout: STEP_TIMEOUT_MS },
  );
  const element = handle.asElement();
  if (!element) throw new Error(`no ${selector} labelled "${prefix}…"`);
  return element as ElementHandle;
}

async function click(page: Page, selector: string, prefix: string): Promise<void> {
  const element = await findByLabel(page, selector, prefix);
  await element.click();
  await element.dispose();
}

/** Waits for what a step shows, failing with a message that says which step it was. */
async function expectVisible(page: Page, selector: string, prefix: string, step: string): Promise<void> {
  try {
    await (await findByLabel(page, selector, prefix, false)).dispose();
  } catch (error) {
    throw new Error(`${step}: no ${selector} "${prefix}…" on ${page.url()}`, { cause: error });
  }
}

const addButton = (product: string) => `${product} in den Warenkorb legen`;
const chooseButton = (product: string) => `${product} auswählen`;

/** A step's report; throws when Lighthouse could not measure it or gave no score for `categories`. */
function checked(lhr: Result | undefined, what: string, categories = CATEGORIES): Result {
  if (!lhr) throw new Error(`${what}: Lighthouse returned no result`);
  if (lhr.runtimeError) throw new Error(`${what}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const missing = categories.filter((category) => typeof lhr.categories[category]?.score !== 'number');
  if (missing.length > 0) {
    const failed = Object.values(lhr.audits)
      .filter((audit) => audit.scoreDisplayMode === 'error')
      .map((audit) => `${audit.id}: ${audit.errorMessage ?? 'error'}`);
    throw new Error(`${what}: no score for ${missing.join(', ')}${failed.length > 0 ? ` (${failed.join('; ')})` : ''}`);
  }
  return lhr;
}

/** A customer scrolls to a dish and then taps it: the scroll (and the work it causes) is not the tap's. */
async function scrollTo(element: ElementHandle): Promise<void> {
  await element.scrollIntoView();
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** How long the page is watched once the dialog shows: its picture, and anything that moves late. */
const DIALOG_SETTLE_MS = 1_000;

const optionsDialogShown = (page: Page) =>
  expectVisible(page, '[role="dialog"], dialog', OPTIONS_PRODUCT, 'options dialog');

/**
 * A cold load of `url`: Lighthouse's default navigation (mobile, storage and caches reset) as the only
 * step of a user flow, the way the first step of the options dialog's flow loads the menu, so the menu
 * without its scripts is measured the same way.
 */
export async function measureNavigation(
  page: Page,
  url: string,
  name: string,
  throttling: 'simulate' | 'devtools' = 'simulate',
): Promise<Result> {
  const flow = await startFlow(page, { name });
  await flow.navigate(url, { name, logLevel: 'error', throttlingMethod: throttling });
  return checked((await flow.createFlowResult()).steps[0]?.lhr, name);
}

export interface OptionsDialogFlow {
  /** The cold load of the menu (navigation). */
  menu: Result;
  /** The tap on the pizza's button until its options dialog has shown and settled (timespan). */
  tap: Result;
  /** The page with the dialog open (snapshot: accessibility, best practices, SEO). */
  dialog: Result;
}

/**
 * The menu cold, and the options dialog opened from it, as one Lighthouse user flow: the default
 * navigation of the menu; a timespan around a tap (touch input) on the pizza's button until its dialog
 * has shown and settled, in which Lighthouse slows the CPU 4× and the network to slow 4G for real (it
 * cannot simulate a timespan); a snapshot of the open dialog. A tap ends LCP: the dialog's LCP is that
 * of the cold load it was opened from.
 */
export async function measureOptionsDialog(page: Page, origin: string): Promise<OptionsDialogFlow> {
  const flow = await startFlow(page, { name: 'options dialog from a cold load' });
  await flow.navigate(`${origin}${SHOP_PATH}`, { name: 'menu (cold load)', logLevel: 'error' });
  const choose = await findByLabel(page, 'button', chooseButton(OPTIONS_PRODUCT));
  await scrollTo(choose);
  await flow.startTimespan({ name: `tap: ${chooseButton(OPTIONS_PRODUCT)}`, logLevel: 'error' });
  await choose.tap();
  await optionsDialogShown(page);
  await new Promise((resolve) => setTimeout(resolve, DIALOG_SETTLE_MS));
  await flow.endTimespan();
  await choose.dispose();
  await flow.snapshot({ name: 'options dialog open', logLevel: 'error' });
  const [menu, tap, dialog] = (await flow.createFlowResult()).steps.map((step) => step.lhr);
  return {
    menu: checked(menu, 'menu'),
    tap: checked(tap, 'options dialog (tap)', ['performance']),
    dialog: checked(dialog, 'options dialog (open)', ['accessibility', 'best-practices', 'seo']),
  };
}

/**
 * The checkout as a guest reaches it: a product in the cart, pickup, the guest form, then the
 * checkout. The measured navigation is a reload of the checkout in a Lighthouse user flow, with storage
 * kept (cart, guest details, and the history entry's marker the checkout guard asks for) but the HTTP
 * cache cleared, so the page's own code and data are loaded as on a first visit.
 */
export async function measureCheckout(page: Page, origin: string): Promise<Result> {
  await page.setViewport(PHONE_VIEWPORT);
  await page.goto(`${origin}${SHOP_PATH}`, { waitUntil: 'load' });
  await click(page, 'button', addButton(QUICK_ADD_PRODUCT));
  await click(page, 'header button', 'Warenkorb, 1 Artikel');
  await expectVisible(page, '[role="dialog"], dialog', 'Ihr Warenkorb', 'cart');
  await page.evaluate(
    `[...document.querySelectorAll('input[type="radio"]')]
      .find((input) => [...input.labels].some((label) => label.textContent.trim() === 'Abholung'))?.click()`,
  );
  await click(page, 'button', 'Zur Kasse');
  await click(page, 'a', 'Als Gast fortfahren');
  await page.locator('input[name="name"]').fill('Anna Muster');
  // A pickup asks for a name and a phone number only.
  await page.locator('input[name="phone"]').fill('030123456');
  await click(page, 'button', 'Weiter zur Kasse');
  await expectVisible(page, 'h1', 'Kasse', 'checkout before the measured reload');

  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const flow = await startFlow(page, { name: 'checkout' });
  await flow.navigate(
    async () => {
      await page.reload();
    },
    { name: 'checkout (reload)', disableStorageReset: true, logLevel: 'error' },
  );
  // The measured run must have shown the checkout, not the guest form the guard sends visitors to. The
  // order button is disabled late in the evening, when the day has no time slot left.
  if (!new URL(page.url()).pathname.endsWith('/checkout')) {
    throw new Error(`checkout: the measured reload ended on ${page.url()}`);
  }
  await expectVisible(page, 'h1', 'Kasse', 'checkout after the measured reload');
  await expectVisible(page, 'button', 'Zahlungspflichtig bestellen', 'checkout after the measured reload');
  const lhr = checked((await flow.createFlowResult()).steps[0]?.lhr, 'checkout');
  if (!new URL(lhr.finalDisplayedUrl).pathname.endsWith('/checkout')) {
    throw new Error(`checkout: Lighthouse measured ${lhr.finalDisplayedUrl}`);
  }
  return lhr;
}

/** The page's event timings: the longest entry of each interaction, by interactionId. */
const OBSERVE_INTERACTIONS = `
  window.__benchInteractions = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const seen = window.__benchInteractions[entry.interactionId] ?? 0;
      window.__benchInteractions[entry.interactionId] = Math.max(seen, entry.duration);
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

async function interactionLatencies(page: Page): Promise<Record<string, number>> {
  return (await page.evaluate('({ ...window.__benchInteractions })')) as Record<string, number>;
}

/** The taps whose latency is measured: the quick-add of a product without options, and a pizza's options. */
const TAPS = {
  quickAdd: {
    button: addButton(QUICK_ADD_PRODUCT),
    done: (page: Page) => expectVisible(page, 'header button', 'Warenkorb, 1 Artikel', 'quick-add'),
  },
  openOptions: { button: chooseButton(OPTIONS_PRODUCT), done: optionsDialogShown },
} as const;
export type Tap = keyof typeof TAPS;

/**
 * The Interaction to Next Paint (ms) of one tap on a 4× slowed CPU, after a cold load of the menu in the
 * phone layout (`Emulation.setCPUThrottlingRate`, from before the load, so hydration runs slowed too).
 * The tap is touch input (CDP), so the page's Event Timing API sees it as a visitor's; its latency is
 * the longest event of the interactions that are new after it. Entries arrive after the next paint, so
 * they are waited for a little; none means less than the API's 16 ms threshold (0). On a page with one
 * interaction, that interaction's latency is its INP.
 */
export async function measureTap(page: Page, origin: string, tap: Tap): Promise<number> {
  const { button, done } = TAPS[tap];
  await page.setViewport(PHONE_VIEWPORT);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.evaluateOnNewDocument(OBSERVE_INTERACTIONS);
  await page.goto(`${origin}${SHOP_PATH}`, { waitUntil: 'load' });
  const target = await findByLabel(page, 'button', button);
  // Let the load settle (lazy chunks, the store's status) so the tap measures the interaction only.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await scrollTo(target);

  const before = new Set(Object.keys(await interactionLatencies(page)));
  await target.tap();
  await done(page);
  const deadline = Date.now() + 2_000;
  let latest: number[];
  do {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = Object.entries(await interactionLatencies(page));
    latest = now.filter(([id]) => !before.has(id)).map(([, duration]) => duration);
  } while (latest.length === 0 && Date.now() < deadline);
  await target.dispose();
  await cdp.detach();
  return Math.max(0, ...latest);
}
