import { expect, test, type APIRequestContext, type Page } from '../support/test.ts';
import { registerConfirmed, uniqueEmail } from '../support/accounts.ts';
import { buildCartItem, type CartItem, type Postcode, type Product } from '@pizzeria/domain';
import AxeBuilder from '@axe-core/playwright';
import { openShop, reloadWithStored, staffHeaders, keepDeliveryCart } from '../support/shop.ts';

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: { 'Accept-Language': 'de' } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/** Two large Margheritas: above every delivery area's minimum order. */
async function pizzas(request: APIRequestContext): Promise<CartItem[]> {
  const products = await getJson<Product[]>(request, '/api/products/?store_id=13');
  const margherita = products.find((product) => product.name === 'Pizza Margherita');
  if (!margherita) throw new Error('Pizza Margherita is not on the menu');
  const large = margherita.variants.find((variant) => /Groß/.test(variant.name));
  return [buildCartItem(margherita, { variantId: large?.id ?? null, extras: [], quantity: 2 })];
}

async function area(request: APIRequestContext, postcode: string): Promise<Postcode> {
  const postcodes = await getJson<Postcode[]>(request, '/api/postcodes/store/13');
  const found = postcodes.find((entry) => entry.postcode === postcode);
  if (!found) throw new Error(`${postcode} is not a delivery area`);
  return found;
}

/** A returning visitor's cart for delivery to `postcode`, as the shop keeps it in local storage. */
async function withCart(page: Page, request: APIRequestContext, postcode = '10117'): Promise<void> {
  const entry = await area(request, postcode);
  await openShop(page);
  await keepDeliveryCart(page, await pizzas(request), entry);
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
}

/**
 * Serious or critical axe violations inside the page's main content (the screens of this journey); the
 * header's own checks live with the header's journeys.
 */
async function seriousViolationsInMain(page: Page): Promise<{ id: string; targets: string[] }[]> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

/** The store's calendar date of an instant, 'YYYY-MM-DD'. */
function berlinDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', dateStyle: 'short' }).format(instant);
}

function dayAfter(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The guest form, in the page: the cart or login dialog that led here may still be closing. */
async function fillGuestForm(page: Page) {
  const form = page.getByRole('main');
  await form.getByLabel('Name').fill('Anna Muster');
  await form.getByLabel('Telefon').fill('030123456');
  await form.getByLabel(/E-Mail/).fill('anna@example.com');
  await form.getByLabel('Straße', { exact: true }).fill('Torstraße');
  await form.getByLabel('Hausnummer').fill('12');
  await form.getByLabel(/Wohnung, Etage, Klingel/).fill('3. OG');
}

/** From a cart for delivery to 10117, through the cart and the login choice, to the guest form. */
async function toGuestForm(page: Page, request: APIRequestContext) {
  await withCart(page, request);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Warenkorb, 2 Artikel/ })
    .click();
  const cart = page.getByRole('dialog', { name: 'Ihr Warenkorb' });
  await cart
    .getByRole('button', { name: /Zur Kasse/ })
    .or(cart.getByRole('link', { name: /Zur Kasse/ }))
    .click();
  await page.getByRole('link', { name: 'Als Gast fortfahren' }).click();
}

test('a guest orders for delivery in cash, and the order page turns to accepted by itself', async ({
  page,
  request,
}) => {
  await toGuestForm(page, request);
  await expect(page).toHaveURL(/\/order-online\/guest-login$/);
  await expect(page.getByRole('main').getByLabel('Postleitzahl')).toHaveValue('10117');

  await fillGuestForm(page);
  expect(await seriousViolationsInMain(page)).toEqual([]);
  await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();

  await expect(page).toHaveURL(/\/order-online\/checkout$/);
  await expect(page).toHaveTitle(/^Kasse \| /);
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
  await expect(page.getByText('Torstraße 12, 3. OG')).toBeVisible();
  await expect(page.getByRole('radio', { name: /So schnell wie möglich/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Barzahlung/ })).toBeChecked();
  expect(await seriousViolationsInMain(page)).toEqual([]);

  // A reload keeps the way in (the history entry's marker) and the guest's details.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();

  // The order page follows the order over its WebSocket, not by reloading or polling.
  const channel = page.waitForEvent('websocket', (socket) => socket.url().includes('/api/ws/orders/'));
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/order-online\/order\/\d+\?token=/);
  await expect(page.getByText('Warten auf die Bestätigung des Restaurants')).toBeVisible();
  const orderId = Number(/\/order\/(\d+)/.exec(page.url())?.[1]);
  const socket = await channel;
  const acceptedFrame = socket.waitForEvent('framereceived', (frame) => String(frame.payload).includes('"accepted"'));

  const accepted = await request.post(`/api/admin/orders/${orderId}/accept`, {
    headers: await staffHeaders(request),
    data: { eta_minutes: 30 },
  });
  expect(accepted.ok()).toBe(true);
  await acceptedFrame;
  await expect(page.getByText('Das Restaurant hat Ihre Bestellung angenommen')).toBeVisible();
  await expect(page.getByText(/Voraussichtlich (am .+ )?um \d{2}:\d{2} bei Ihnen\./)).toBeVisible();
});

test('a guest pre-orders for tomorrow, and the order page and its acceptance name the day', async ({
  page,
  request,
}) => {
  await toGuestForm(page, request);
  await fillGuestForm(page);
  await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();

  // The demo store takes orders up to 7 days ahead: today and seven day boxes.
  const openedOn = berlinDate(new Date());
  const days = page.getByRole('group', { name: 'Tag' });
  await expect(days.getByRole('radio')).toHaveCount(8);
  await days.getByText('Morgen').click();
  await expect(days.getByRole('radio', { name: /Morgen/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /So schnell wie möglich/ })).toHaveCount(0);
  const time = page.getByLabel('Uhrzeit', { exact: true });
  const chosen = await time.locator('option').nth(1).getAttribute('value');
  await time.selectOption({ index: 1 });
  expect(await seriousViolationsInMain(page)).toEqual([]);
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/order-online\/order\/\d+\?token=/);

  const url = new URL(page.url());
  const order = await getJson<{ id: number; requested_time: string | null }>(
    request,
    `/api/orders/${url.pathname.split('/').at(-1) ?? ''}${url.search}`,
  );
  expect(order.requested_time).toBe(chosen);
  // "Morgen" is the store's tomorrow: the day after the one the checkout opened on (or the next, past midnight).
  const offered = berlinDate(new Date(chosen ?? ''));
  expect([dayAfter(openedOn, 1), dayAfter(openedOn, 2)]).toContain(offered);
  await expect(page.getByText(/^\w{2}\.?, \d{2}\.\d{2}\., \d{2}:\d{2}$/)).toBeVisible();

  // Staff confirm a pre-order for its time: the page names the day.
  const accepted = await request.post(`/api/admin/orders/${order.id}/accept`, {
    headers: await staffHeaders(request),
    data: {},
  });
  expect(accepted.ok()).toBe(true);
  await expect(page.getByText(/Voraussichtlich am \w{2}\.?, \d{2}\.\d{2}\. um \d{2}:\d{2} bei Ihnen\./)).toBeVisible();
});

test('a closure day in the pre-order window says it is closed, with the reason staff gave', async ({
  page,
  request,
}) => {
  const headers = await staffHeaders(request);
  const closedOn = dayAfter(berlinDate(new Date()), 2);
  const created = await request.post('/api/admin/stores/13/closures', {
    headers,
    data: { starts_on: closedOn, ends_on: closedOn, reason: 'Betriebsferien' },
  });
  expect(created.ok()).toBe(true);
  const closure = (await created.json()) as { id: number };
  try {
    await toGuestForm(page, request);
    await fillGuestForm(page);
    await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();

    const days = page.getByRole('group', { name: 'Tag' });
    const closed = days.getByRole('radio', { name: /geschlossen/ });
    // Not "keine Zeiten frei": a closed day is not a booked one.
    await expect(closed).toHaveCount(1);
    await expect(closed).toBeDisabled();
    await expect(closed).toHaveValue(closedOn);
    await expect(days.getByText(/^\S+ \d{2}\.\d{2}\.: geschlossen – Betriebsferien$/)).toBeVisible();
    await expect(page.getByText(/keine Zeiten frei/)).toHaveCount(0);
    expect(await seriousViolationsInMain(page)).toEqual([]);
  } finally {
    await request.delete(`/api/admin/stores/13/closures/${closure.id}`, { headers });
  }
});

test('the checkout guard sends visitors to the guest form and customers to their addresses', async ({
  page,
  request,
}) => {
  await withCart(page, request);
  await page.goto('/order-online/checkout');
  await expect(page).toHaveURL(/\/order-online\/guest-login$/);

  const email = uniqueEmail('guard');
  const password = 'Steinofen-Margherita-77';
  await registerConfirmed(request, { customer_name: 'Giulia Bianchi', email, password });
  await page.goto('/order-online/login/update-address');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/order-online\/update-address$/);

  await page.goto('/order-online/checkout');
  await expect(page).toHaveURL(/\/order-online\/update-address$/);
});

test('the guest form says what is missing, in German and in English, and keeps what was typed', async ({
  page,
  request,
}) => {
  await withCart(page, request);
  await page.goto('/order-online/guest-login');
  await page.getByLabel('Name').fill('Anna Muster');
  await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte füllen Sie alle Felder aus');
  await expect(page.getByLabel('Name')).toHaveValue('Anna Muster');
  expect(await seriousViolationsInMain(page)).toEqual([]);

  await reloadWithStored(page, 'app_language', 'en');
  await expect(page.getByLabel('Name')).toHaveValue('Anna Muster');
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill out all the fields');
});

test('the guest form with an empty cart says so and goes back', async ({ page }) => {
  await openShop(page, '/support');
  const message = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
  await page.evaluate(() => {
    window.history.pushState(null, '', '/order-online/guest-login');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  expect(await message).toBe('Ihr Warenkorb ist leer');
  await expect(page).toHaveURL(/\/order-online\/support$/);
});

test('a customer logs in, adds an address, checks out and sees the order', async ({ page, request }) => {
  const email = uniqueEmail('kunde');
  const password = 'Steinofen-Margherita-77';
  await registerConfirmed(request, { customer_name: 'Giulia Bianchi', email, password, phone: '030987654' });
  await withCart(page, request, '10117');

  await page.goto('/order-online/update-address');
  await expect(page).toHaveURL(/\/order-online\/login\/update-address$/);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/order-online\/update-address$/);
  await expect(page).toHaveTitle(/^Adresse \| /);

  // Saving with the house number missing points at it.
  await page.getByLabel('Straße', { exact: true }).fill('Friedrichstraße');
  await page.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte füllen Sie alle Felder aus');
  await expect(page.getByLabel('Hausnummer')).toBeFocused();
  await page.getByLabel('Hausnummer').fill('100');
  await page.getByLabel(/Wohnung, Etage, Klingel/).fill('Klingel Bianchi');
  // Only the postcodes the restaurant delivers to are offered; the town comes with it.
  await page.getByLabel('Postleitzahl').selectOption('10117');
  await expect(page.getByLabel('Ort')).toHaveValue('Berlin');
  await page.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(page.getByRole('radio', { name: /Friedrichstraße 100/ })).toBeChecked();
  await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();

  await expect(page).toHaveURL(/\/order-online\/checkout$/);
  await expect(page.getByText('Friedrichstraße 100, Klingel Bianchi')).toBeVisible();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/order-online\/order\/\d+$/);
  await expect(page.getByText('Warten auf die Bestätigung des Restaurants')).toBeVisible();
  await expect(page.getByText('2 × Pizza Margherita (Groß Ø 36 cm)')).toBeVisible();

  // The address can be deleted, after a confirmation; the order keeps its own copy.
  const orderPage = page.url();
  await page.goto('/order-online/update-address');
  await page.getByRole('button', { name: 'Adresse Friedrichstraße 100 löschen' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Adresse löschen?' });
  await expect(confirm).toContainText('Bisherige Bestellungen behalten ihre Adresse');
  await confirm.getByRole('button', { name: 'Adresse löschen' }).click();
  await expect(page.getByRole('radio', { name: /Friedrichstraße 100/ })).toHaveCount(0);
  await page.goto(orderPage);
  await expect(page.getByRole('main')).toContainText('Friedrichstraße 100');
});
