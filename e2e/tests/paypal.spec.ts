import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '../support/test.ts';
import { buildCartItem, type Postcode, type Product } from '@pizzeria/domain';
import { usePayPalServer } from '../support/paypal-server.ts';
import { openStaffWindow, SHOP } from '../support/shop.ts';

// Paying with PayPal, end to end. The shop's own server talks to a local server that speaks
// PayPal's REST API; in the browser, PayPal's JavaScript SDK is replaced by a test double at the one
// place it enters the page, its script URL (`support/fake-paypal-sdk.js`). Everything else is real:
// the checkout, the order page, the capture, and the staff board that rings.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const FAKE_SDK = readFileSync(new URL('../support/fake-paypal-sdk.js', import.meta.url), 'utf8');

test.describe.configure({ timeout: 90_000 });

// No board may be open the whole time: online orders must not pause by themselves meanwhile.
const shop = usePayPalServer(BASE_PORT + 60, { withoutAutomaticPauses: true });

test.beforeEach(() => {
  shop.paypal.captureOutcome = 'COMPLETED';
});

/** PayPal's SDK URL answers with the test double; every load is counted with its query. */
async function replacePayPalScript(page: Page): Promise<string[]> {
  const loads: string[] = [];
  await page.route(/^https:\/\/www\.(sandbox\.)?paypal\.com\/sdk\/js/, async (route) => {
    loads.push(route.request().url());
    await route.fulfill({ contentType: 'text/javascript', body: FAKE_SDK });
  });
  return loads;
}

/** A guest with two large Margheritas for delivery to 10117, at the checkout, as a customer gets there. */
async function guestAtCheckout(page: Page, request: APIRequestContext, name: string): Promise<void> {
  const products = (await (await request.get(`${shop.server.origin}/api/products/?store_id=13`)).json()) as Product[];
  const margherita = products.find((product) => product.name === 'Pizza Margherita');
  if (!margherita) throw new Error('Pizza Margherita is not on the menu');
  // Two large ones: above the area's minimum order.
  const large = margherita.variants.find((variant) => /Groß/.test(variant.name));
  const postcodes = (await (await request.get(`${shop.server.origin}/api/postcodes/store/13`)).json()) as Postcode[];
  const area = postcodes.find((entry) => entry.postcode === '10117');
  await page.goto(`${shop.server.origin}${SHOP}/`);
  await expect(page.getByRole('banner')).toBeVisible();
  await page.evaluate(
    ([items, postcodeData]) => {
      localStorage.setItem('order_type', JSON.stringify('delivery'));
      localStorage.setItem('delivery_postcode', JSON.stringify(postcodeData?.postcode));
      localStorage.setItem('postcode-data', JSON.stringify(postcodeData));
      localStorage.setItem('delivery_fee', JSON.stringify(postcodeData?.delivery_fee));
      localStorage.setItem('cartItems', JSON.stringify(items));
    },
    [[buildCartItem(margherita, { variantId: large?.id ?? null, extras: [], quantity: 2 })], area] as const,
  );
  await page.goto(`${shop.server.origin}${SHOP}/guest-login`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Telefon').fill('030123456');
  await page.getByLabel(/E-Mail/).fill('paula@example.com');
  await page.getByLabel('Straße', { exact: true }).fill('Torstraße');
  await page.getByLabel('Hausnummer').fill('12');
  await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
}

/** Clicks PayPal's button: the shop places the order and creates PayPal's; the double's window opens. */
async function openPayPalWindow(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Mit PayPal bezahlen' }).click();
  await expect(page.getByRole('dialog', { name: 'PayPal (Testdouble)' })).toBeVisible();
  const id = await page.evaluate(
    () => (window as unknown as { __fakePayPal: { orderId: string } }).__fakePayPal.orderId,
  );
  expect(id).toBeTruthy();
  return id;
}

/** The buyer approves in PayPal's window (at PayPal, then in the page). */
async function approve(page: Page, paypalOrderId: string): Promise<void> {
  shop.paypal.approve(paypalOrderId);
  await page
    .getByRole('dialog', { name: 'PayPal (Testdouble)' })
    .getByRole('button', { name: 'PayPal-Zahlung genehmigen' })
    .click();
}

/** The orders board in a second window, signed in as staff. */
function openBoard(browser: Browser, page: Page): Promise<Page> {
  return openStaffWindow(browser, page, shop.server.origin);
}

function uniqueName(base: string): string {
  return `${base} ${test.info().project.name} ${Math.floor(Math.random() * 1e6)}`;
}

test('a PayPal payment completes and the board rings; rejected, it is refunded and both sides say so', async ({
  page,
  request,
  browser,
}) => {
  const loads = await replacePayPalScript(page);
  const staff = await openBoard(browser, page);
  const name = uniqueName('Paula Paypal');
  await guestAtCheckout(page, request, name);

  // PayPal's script is not part of the shop: it loads only once PayPal is chosen.
  expect(loads).toEqual([]);
  await page.getByRole('radio', { name: /PayPal/ }).check();
  await expect(page.getByRole('button', { name: 'Mit PayPal bezahlen' })).toBeVisible();
  expect(loads).toHaveLength(1);
  const query = new URL(loads[0] ?? '').searchParams;
  expect(Object.fromEntries(query)).toMatchObject({
    'client-id': shop.paypal.clientId,
    currency: 'EUR',
    intent: 'capture',
    'disable-funding': 'card',
  });

  const paypalOrderId = await openPayPalWindow(page);
  // Placed, but not the kitchen's business until it is paid.
  await expect(staff.getByText(name)).toHaveCount(0);
  await approve(page, paypalOrderId);

  await expect(page).toHaveURL(/\/order-online\/order\/\d+\?token=/);
  await expect(page.getByText('Bezahlt mit PayPal')).toBeVisible();
  await expect(page.getByText('Warten auf die Bestätigung des Restaurants')).toBeVisible();
  // The amount PayPal captured is the server's total.
  const capture = shop.paypal.orders.get(paypalOrderId)?.capture;
  expect(capture?.status).toBe('COMPLETED');
  // The buyer's PayPal receipt lists what they bought, the delivery fee and the discount.
  expect(shop.paypal.orders.get(paypalOrderId)?.items).toEqual([
    expect.objectContaining({ name: expect.stringMatching(/^Pizza Margherita \(Groß/), quantity: '2' }),
  ]);
  expect(shop.paypal.orders.get(paypalOrderId)?.breakdown).toMatchObject({
    shipping: { currency_code: 'EUR', value: '3.50' },
    discount: { currency_code: 'EUR' },
  });

  const card = staff.getByRole('button', { name: new RegExp(name) });
  await expect(card).toBeVisible();
  await expect(card.getByText('PayPal · bezahlt')).toBeVisible();

  // The kitchen says no: the money goes back by itself, and both sides see it.
  const orderId = Number(/\/order\/(\d+)/.exec(page.url())?.[1]);
  await card.click();
  const dialog = staff.getByRole('dialog', { name: `Bestellung #${orderId}` });
  await expect(dialog.getByText(/automatisch auf sein PayPal-Konto erstattet/)).toBeVisible();
  await dialog.getByLabel('Wir haben gerade zu viele Bestellungen.').check();
  await dialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.locator(`[data-order-id="${orderId}"]`).getByText('Erstattet')).toBeVisible();
  await expect(page.getByText('Erstattet', { exact: true })).toBeVisible();
  expect(shop.paypal.orders.get(paypalOrderId)?.capture?.status).toBe('REFUNDED');
  await staff.context().close();
});

test('a declined PayPal source lets the customer choose another in PayPal, and then it is paid', async ({
  page,
  request,
}) => {
  await replacePayPalScript(page);
  await guestAtCheckout(page, request, uniqueName('Dora Declined'));
  await page.getByRole('radio', { name: /PayPal/ }).check();
  const paypalOrderId = await openPayPalWindow(page);

  shop.paypal.captureOutcome = 'DECLINED';
  await approve(page, paypalOrderId);
  await expect(page.getByRole('alert').filter({ hasText: 'Ihre Zahlungsart wurde abgelehnt.' })).toBeVisible();
  // PayPal's restart flow: its window is open again, the cart and the checkout are still there.
  await expect(page.getByRole('dialog', { name: 'PayPal (Testdouble)' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  shop.paypal.captureOutcome = 'COMPLETED';
  await approve(page, paypalOrderId);
  await expect(page).toHaveURL(/\/order-online\/order\/\d+\?token=/);
  await expect(page.getByText('Bezahlt mit PayPal')).toBeVisible();
});

test('a cancelled PayPal window says so, and the customer pays cash instead', async ({ page, request }) => {
  await replacePayPalScript(page);
  await guestAtCheckout(page, request, uniqueName('Carl Cancel'));
  await page.getByRole('radio', { name: /PayPal/ }).check();
  await openPayPalWindow(page);

  await page
    .getByRole('dialog', { name: 'PayPal (Testdouble)' })
    .getByRole('button', { name: 'PayPal-Fenster schließen' })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'Die Zahlung wurde abgebrochen.' })).toBeVisible();
  await page.getByRole('button', { name: 'Stattdessen bar bezahlen' }).click();

  await expect(page).toHaveURL(/\/order-online\/order\/\d+\?token=/);
  await expect(page.getByText('Warten auf die Bestätigung des Restaurants')).toBeVisible();
  await expect(page.getByText('Barzahlung')).toBeVisible();
});
