import { expect, test, type APIRequestContext, type Page } from '../support/test.ts';
import { buildCartItem, type Postcode, type Product, type TimeSlots } from '@pizzeria/domain';
import { startOwnServer } from '../support/own-server.ts';
import { openShop, staffHeaders, keepDeliveryCart } from '../support/shop.ts';

const OPEN = /^Jetzt geöffnet · bis \d{2}:\d{2}$/;

async function setPause(request: APIRequestContext, pause: { paused: boolean; until?: string | null }) {
  const response = await request.put('/api/admin/stores/13/pause', {
    headers: await staffHeaders(request),
    data: pause,
  });
  expect(response.status()).toBe(200);
}

function storeStatus(page: Page) {
  return page.getByText(/^(Jetzt geöffnet|Öffnet um|Heute geschlossen|Online-Bestellungen pausiert|Geschlossen)/);
}

/** The store clock's 'HH:mm' of an instant, as the shop shows it. */
function berlinClock(instant: Date): string {
  return new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' }).format(
    instant,
  );
}

test.afterEach(async ({ request }) => {
  // The journeys share one server: never leave it paused for the next one.
  await setPause(request, { paused: false });
});

test('the shop shows what staff decide at once: paused, then open again', async ({ page, request }) => {
  await openShop(page);
  await expect(storeStatus(page)).toHaveText(OPEN);

  const until = new Date(Date.now() + 45 * 60_000);
  await setPause(request, { paused: true, until: until.toISOString() });
  await expect(storeStatus(page)).toHaveText(`Online-Bestellungen pausiert bis ${berlinClock(until)}`);
  await expect(page.getByText(/Vorbestellen für später heute ist möglich/)).toBeVisible();

  await setPause(request, { paused: true, until: null });
  await expect(storeStatus(page)).toHaveText('Online-Bestellungen pausiert');

  await setPause(request, { paused: false });
  await expect(storeStatus(page)).toHaveText(OPEN);
});

test('while paused, the checkout offers no "as soon as possible", only later times', async ({ page, request }) => {
  const products = (await (await request.get('/api/products/?store_id=13')).json()) as Product[];
  const postcodes = (await (await request.get('/api/postcodes/store/13')).json()) as Postcode[];
  const margherita = products.find((product) => product.name === 'Pizza Margherita');
  const area = postcodes.find((entry) => entry.postcode === '10117');
  if (!margherita || !area) throw new Error('the demo restaurant lacks the Margherita or 10117');
  const large = margherita.variants.at(-1)?.id ?? null;

  await openShop(page);
  await keepDeliveryCart(page, [buildCartItem(margherita, { variantId: large, extras: [], quantity: 2 })], area);
  await setPause(request, { paused: true, until: new Date(Date.now() + 20 * 60_000).toISOString() });

  await page.goto('/order-online/guest-login');
  await page.getByLabel('Name').fill('Anna Muster');
  await page.getByLabel('Telefon').fill('030123456');
  await page.getByLabel('Straße', { exact: true }).fill('Torstraße');
  await page.getByLabel('Hausnummer').fill('12');
  await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();

  const offer = (await (
    await request.get('/api/stores/13/slots?order_type=delivery&postcode=10117')
  ).json()) as TimeSlots;
  expect(offer.asap_available).toBe(false);
  await expect(page.getByRole('radio', { name: /So schnell wie möglich/ })).toHaveCount(0);
  if (offer.slots.length > 0) {
    await expect(page.getByRole('radio', { name: /Zu einer Uhrzeit heute/ })).toBeVisible();
    await expect(page.getByRole('combobox').getByRole('option', { name: offer.slots[0]?.label })).toHaveCount(1);
    return;
  }
  // Late at night the pause leaves no time today: the checkout turns to the next day with room,
  // still without "as soon as possible", or says there is no time at all.
  const nextDay = offer.days.slice(1).find((day) => day.available);
  if (!nextDay) {
    await expect(page.getByText('Keine verfügbaren Zeitfenster')).toBeVisible();
    return;
  }
  const later = (await (
    await request.get(`/api/stores/13/slots?order_type=delivery&postcode=10117&date=${nextDay.date}`)
  ).json()) as TimeSlots;
  await expect(page.locator(`input[type="radio"][value="${nextDay.date}"]`)).toBeChecked();
  await expect(page.getByRole('radio', { name: /^Zu einer Uhrzeit$/ })).toBeVisible();
  await expect(page.getByRole('combobox').getByRole('option', { name: later.slots[0]?.label })).toHaveCount(1);
});

test('with the server gone the shop shows closed, and it recovers by itself', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the connection does not depend on the viewport');
  test.setTimeout(150_000);
  const server = await startOwnServer(Number(process.env.E2E_PORT ?? 3100) + 20);
  try {
    await page.goto(`${server.origin}/order-online/`);
    await expect(storeStatus(page)).toHaveText(OPEN, { timeout: 15_000 });

    await server.stop();
    await expect(storeStatus(page)).toHaveText(/^Geschlossen/, { timeout: 10_000 });

    await server.start();
    // Reconnect attempts back off to at most 30 s between tries.
    await expect(storeStatus(page)).toHaveText(OPEN, { timeout: 45_000 });
  } finally {
    await server.dispose();
  }
});
