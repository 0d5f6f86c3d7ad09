import type { AdminProduct, Order, Product } from '@pizzeria/domain';
import { expect, test, type APIRequestContext, type Page } from '../support/test.ts';
import { accountButton, uniqueEmail } from '../support/accounts.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { seriousA11yViolations, SHOP, staffHeaders } from '../support/shop.ts';

// "Nochmal bestellen": a signed-in customer's order is done; meanwhile staff raise a pizza's price and
// sell out the drink. On the order's page, on a phone, the customer orders the same again: the cart
// opens with the pizza at today's price and says in words what changed. A shop of its own, so the
// shared server's menu keeps the demo's prices.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

// Registration and staff logins hash or verify an argon2id password, on purpose slowly.
test.describe.configure({ timeout: 120_000 });

let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer(BASE_PORT + 110);
});

test.afterAll(async () => {
  await server?.dispose();
});

async function menu(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get(`${server.origin}/api/products/?store_id=13`, {
    headers: { 'Accept-Language': 'de' },
  });
  return (await response.json()) as Product[];
}

/** The signed-in customer's pickup order on `page`, placed as the checkout sends it. */
async function placeCustomerOrder(page: Page, request: APIRequestContext, items: unknown[]): Promise<Order> {
  const token = await page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('userData') ?? '{}') as { access_token?: string }).access_token,
  );
  const response = await request.post(`${server.origin}/api/orders/`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      store_id: 13,
      order_type: 'pickup',
      items,
      requested_time: 'asap',
      payment_method: 'cash',
      address: {
        type: 'shipping',
        customer_name: 'Nora Nochmal',
        phone: '+4930123456',
        line1: 'Oranienstraße 12',
        city: 'Berlin',
        zip: '10999',
        country: 'DE',
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

test('a customer orders a finished order again: the cart names the new price and the dish sold out today', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the customer’s phone');
  const dishes = await menu(request);
  const pizza = dishes.find(
    (dish) => dish.type === 'variable' && dish.enriched_topping_groups.every((group) => group.min_select === 0),
  );
  const drink = dishes.find((dish) => dish.type === 'simple' && dish.enriched_topping_groups.length === 0);
  const size = pizza?.variants.at(-1);
  if (!pizza || !drink || !size) throw new Error('the demo menu has no pizza in sizes or no drink');

  await page.goto(`${server.origin}${SHOP}/register`);
  await page.getByLabel('Name').fill('Nora Nochmal');
  await page.getByLabel('E-Mail-Adresse').fill(uniqueEmail('nora'));
  await page.getByLabel('Passwort', { exact: true }).fill('Steinofen-Nochmal-42');
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(accountButton(page, 'Nora')).toBeVisible();

  const order = await placeCustomerOrder(page, request, [
    { product_id: pizza.id, variant_id: size.id, quantity: 2, extras: [] },
    { product_id: drink.id, quantity: 1, extras: [] },
  ]);
  const staff = await staffHeaders(request, server.origin);
  for (const [step, data] of [
    ['accept', { eta_minutes: 20 }],
    ['ready', {}],
    ['complete', {}],
  ] as const) {
    const response = await request.post(`${server.origin}/api/admin/orders/${order.id}/${step}`, {
      headers: staff,
      data,
    });
    expect(response.ok(), await response.text()).toBe(true);
  }

  // Staff raise the pizza's price by a euro in that size, and the drink runs out.
  const admin = `${server.origin}/api/admin/stores/13/products`;
  const current = (await (await request.get(`${admin}/${pizza.id}`, { headers: staff })).json()) as AdminProduct;
  const newPrice = size.price + 1;
  const changed = await request.put(`${admin}/${pizza.id}`, {
    headers: staff,
    data: {
      category_id: current.category_id,
      type: current.type,
      name: current.name,
      description: current.description,
      price: current.price,
      deposit: current.deposit,
      tax_rate_id: current.tax_rate_id,
      variants: current.variants.map((variant) => ({
        id: variant.id,
        name: variant.name,
        price: variant.id === size.id ? newPrice : variant.price,
      })),
      picture_id: current.picture?.id ?? null,
      hidden: current.hidden,
      version: current.version,
    },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  const drinkNow = (await (await request.get(`${admin}/${drink.id}`, { headers: staff })).json()) as AdminProduct;
  const soldOut = await request.put(`${admin}/${drink.id}/sold-out`, {
    headers: staff,
    data: { sold_out: true, version: drinkNow.version },
  });
  expect(soldOut.ok(), await soldOut.text()).toBe(true);

  await page.goto(`${server.origin}${SHOP}/order/${order.id}`);
  await expect(page.getByText('Ihre Bestellung ist abgeschlossen')).toBeVisible();
  const again = page.getByRole('button', { name: `Bestellung Nr. ${order.id} nochmal bestellen` });
  await expect(again).toBeVisible();
  await again.click();

  const cart = page.getByRole('dialog', { name: 'Ihr Warenkorb' });
  const notice = cart.getByRole('status', { name: `Bestellung Nr. ${order.id} ist wieder im Warenkorb` });
  await expect(notice).toBeVisible();
  const pizzaName = `${pizza.name} (${size.name})`;
  const euro = (amount: number) => amount.toFixed(2).replace('.', ',');
  await expect(notice.getByRole('listitem')).toHaveText([
    new RegExp(`^${escape(pizzaName)} kostet jetzt ${euro(newPrice)}\\s€ statt ${euro(size.price)}\\s€\\.$`),
    `${drink.name} ist heute ausverkauft und fehlt.`,
  ]);
  // The pizza is in the cart twice at today's price; the drink is not.
  await expect(cart.getByRole('list', { name: 'Artikel im Warenkorb' }).getByRole('listitem')).toHaveCount(1);
  await expect(cart.getByRole('group', { name: `Menge von ${pizzaName}` })).toContainText('2');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await notice.getByRole('button', { name: 'Hinweis ausblenden' }).click();
  await expect(notice).toBeHidden();
  // Then the usual checkout, for pickup as last time.
  await expect(cart.getByRole('radio', { name: 'Abholung' })).toBeChecked();
  await expect(cart.getByRole('link', { name: /Zur Kasse/ })).toBeVisible();
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
