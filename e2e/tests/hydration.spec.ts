import { expect, test, type Page } from '../support/test.ts';
import { SHOP, staffHeaders } from '../support/shop.ts';

// The menu page arrives rendered by the server; React then hydrates it boundary by boundary (the header,
// the menu bar, each section, the footer). A tap that comes before React has hydrated the part it lands
// on is replayed once that part is hydrated, and the page never moves while it is taken over.

const COLA = 'Cola 0,33 l in den Warenkorb legen';

declare global {
  interface Window {
    /** The sum of the page's layout shifts not caused by input. */
    shifted: number;
    /** Whether the early tap's button was already hydrated when it was tapped (React marks what it owns). */
    earlyTap: { hydrated: boolean } | undefined;
    /** What the page complained of in its console while loading. */
    complaints: string[];
  }
}

/** Watches layout shifts and console errors from the page's very start. */
async function watchLoading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.shifted = 0;
    window.complaints = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.shifted += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const complain = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      window.complaints.push(args.map(String).join(' '));
      complain(...args);
    };
  });
}

test('the menu is taken over by React without moving, with no hydration error', async ({ page }) => {
  await watchLoading(page);
  await page.goto(`${SHOP}/`);
  // Hydrated: the cart answers a tap on the last section's dish.
  await page.getByRole('button', { name: COLA }).click();
  await expect(page.getByRole('button', { name: /^Warenkorb, 1 Artikel/ }).first()).toBeVisible();
  expect(await page.evaluate(() => window.shifted)).toBe(0);
  expect(await page.evaluate(() => window.complaints)).toEqual([]);
});

test('a tap on “add” before React has hydrated the menu is not lost, and counts once', async ({ page }) => {
  await watchLoading(page);
  // The tap comes the moment React starts listening on the page (hydrateRoot attaches its listeners
  // before it hydrates anything): no section is hydrated yet, however fast the machine.
  await page.addInitScript((name) => {
    const listen = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<typeof listen>) {
      listen.apply(this, args);
      if (args[0] !== 'click' || !(this instanceof HTMLElement) || this.id !== 'root' || window.earlyTap) return;
      window.earlyTap = { hydrated: false };
      queueMicrotask(() => {
        const button = [...document.querySelectorAll('button')].find(
          (candidate) => candidate.getAttribute('aria-label') === name,
        );
        if (!button) throw new Error(`no button “${name}” on the server's page`);
        window.earlyTap = { hydrated: Object.keys(button).some((key) => key.startsWith('__reactFiber$')) };
        button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
      });
    };
  }, COLA);
  await page.goto(`${SHOP}/`);

  await expect(page.getByRole('button', { name: /^Warenkorb, 1 Artikel im Wert von 2,90 €/ }).first()).toBeVisible();
  expect(await page.evaluate(() => window.earlyTap)).toEqual({ hydrated: false });
  // Once hydrated, a tap is answered as it comes, and only once.
  await page.getByRole('button', { name: COLA }).click();
  await expect(page.getByRole('button', { name: /^Warenkorb, 2 Artikel/ }).first()).toBeVisible();
  // (No layout shifts counted here: a dispatched tap is no input to the browser, so what the cart shows
  // after it counts as a shift; the journey above holds the page still.)
  expect(await page.evaluate(() => window.complaints)).toEqual([]);
});

test('a paused shop shows so from its first paint, and its status, the longest, moves nothing', async ({
  page,
  request,
}) => {
  // Paused until later: the pill's longest words and the note below it. The page used to arrive saying
  // "checking opening hours" and grow when the live status came (at 412 px the pill took two lines).
  const until = new Date(Date.now() + 60 * 60_000);
  const headers = await staffHeaders(request);
  const pause = (data: object) =>
    request.put('/api/admin/stores/13/pause', { headers, data }).then((response) => {
      expect(response.status()).toBe(200);
    });
  await pause({ paused: true, until: until.toISOString() });
  try {
    const html = await (await request.get(`${SHOP}/`)).text();
    expect(html).toContain('Online-Bestellungen pausiert bis');
    expect(html).toContain('Vorbestellen für später heute ist möglich');

    await watchLoading(page);
    await page.goto(`${SHOP}/`);
    await expect(page.getByText(/^Online-Bestellungen pausiert bis \d{2}:\d{2}$/)).toBeVisible();
    // Hydrated and the live status heard: the cart answers, the status stands as the server sent it.
    await page.getByRole('button', { name: COLA }).click();
    await expect(page.getByRole('button', { name: /^Warenkorb, 1 Artikel/ }).first()).toBeVisible();
    expect(await page.evaluate(() => window.shifted)).toBe(0);
    expect(await page.evaluate(() => window.complaints)).toEqual([]);
  } finally {
    // The journeys share one server: never leave it paused for the next one.
    await pause({ paused: false });
  }
});
