import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test.ts';
import type { Product } from '@pizzeria/domain';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { openStaffWindow, seriousA11yViolations, SHOP, withoutAutomaticPauses } from '../support/shop.ts';

// The kitchen runs out of Parmesan: staff mark the topping sold out for today on the toppings page, and
// a customer's open shop, on a phone, offers it greyed in every group at once (the pizzas' extras and the
// pasta's) without a reload; an order with it is refused naming it. Back on sale, it can be chosen again.
// A shop of its own, so the shared server's menu stays the demo's.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

// Staff logins verify an argon2id password, on purpose slowly.
test.describe.configure({ timeout: 180_000 });

let server: OwnServer;

test.beforeAll(async ({ request }) => {
  server = await startOwnServer(BASE_PORT + 60);
  // No orders board is open during the journey: online orders must not pause by themselves.
  await withoutAutomaticPauses(request, server.origin);
});

test.afterAll(async () => {
  await server?.dispose();
});

async function openCustomerShop(page: Page): Promise<void> {
  await page.goto(`${server.origin}${SHOP}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pizzeria Bella Napoli' })).toBeVisible();
  // The live status (and with it the menu's version) has arrived once the pill says open.
  await expect(page.getByText(/Jetzt geöffnet|Geöffnet/).first()).toBeVisible();
}

/** Opens a dish's options dialog from the menu, as a customer taps it. */
async function openOptions(page: Page, dish: string): Promise<Locator> {
  await page.getByRole('button', { name: `${dish} auswählen` }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${dish}`) });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeOptions(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toBeHidden();
}

/** A guest's pickup order of one dish with one topping, placed through the API as the shop would. */
async function guestOrderWith(request: APIRequestContext, dish: string, topping: string) {
  const response = await request.get(`${server.origin}/api/products/?store_id=13`, {
    headers: { 'Accept-Language': 'de' },
  });
  const product = ((await response.json()) as Product[]).find((item) => item.name === dish);
  const extra = product?.enriched_topping_groups.flatMap((group) => group.toppings).find((t) => t.name === topping);
  if (!product || !extra) throw new Error(`${dish} with ${topping} is not on the menu`);
  return request.post(`${server.origin}/api/orders/guest`, {
    headers: { 'Idempotency-Key': crypto.randomUUID(), 'Accept-Language': 'de' },
    data: {
      store_id: 13,
      order_type: 'pickup',
      items: [{ product_id: product.id, variant_id: product.variants[0]?.id, quantity: 1, extras: [{ id: extra.id }] }],
      requested_time: 'asap',
      payment_method: 'cash',
      address: {
        type: 'shipping',
        line1: 'Abholung',
        city: 'Berlin',
        zip: '10999',
        country: 'DE',
        phone: '030123456',
        customer_name: 'Anna Muster',
      },
    },
  });
}

test('the kitchen sells out Parmesan: the open shop greys it in every group at once, and offers it again when told', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a journey on the phone, where customers order');
  await openCustomerShop(page);
  let pizza = await openOptions(page, 'Pizza Margherita');
  await expect(pizza.getByRole('checkbox', { name: /Parmesan/ })).toBeEnabled();

  const staff = await openStaffWindow(browser, page, server.origin);
  // Folded on a phone: the navigation opens from its menu button.
  await staff.getByRole('navigation', { name: 'Verwaltung' }).getByRole('button', { name: 'Menü' }).click();
  await staff
    .getByRole('navigation', { name: 'Verwaltung' })
    .getByRole('link', { name: 'Beläge', exact: true })
    .click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Beläge' })).toBeVisible();
  await staff.getByRole('button', { name: 'Parmesan heute ausverkauft' }).click();
  await expect(staff.getByRole('status').filter({ hasText: /Parmesan ist bis .+ ausverkauft\./ })).toBeVisible();
  await expect(staff.getByRole('row', { name: /Parmesan/ }).getByText(/^Ausverkauft bis /)).toBeVisible();

  // The open dialog hears of it over the live status, without a reload: greyed, saying so, not choosable.
  const parmesan = pizza.getByRole('checkbox', { name: /Parmesan/ });
  await expect(parmesan).toBeDisabled();
  await expect(pizza.getByText('heute ausverkauft')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await closeOptions(pizza);

  // The pasta's extras offer the same topping: greyed there too.
  const pasta = await openOptions(page, 'Spaghetti Bolognese');
  await expect(pasta.getByRole('checkbox', { name: /Parmesan/ })).toBeDisabled();
  await closeOptions(pasta);

  const refused = await guestOrderWith(request, 'Spaghetti Bolognese', 'Parmesan');
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toEqual({
    code: 'topping_sold_out',
    message: 'Parmesan (bei Spaghetti Bolognese) ist heute ausverkauft. Bitte bearbeiten Sie die Position.',
  });

  await staff.getByRole('button', { name: 'Parmesan wieder verfügbar' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Parmesan ist wieder verfügbar.' })).toBeVisible();
  pizza = await openOptions(page, 'Pizza Margherita');
  await expect(pizza.getByRole('checkbox', { name: /Parmesan/ })).toBeEnabled();
  await pizza.getByRole('checkbox', { name: /Parmesan/ }).check();
  await pizza.getByRole('button', { name: /Hinzufügen/ }).click();
  await expect(pizza).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Warenkorb, 1 Artikel/ })).toBeVisible();
  expect((await guestOrderWith(request, 'Spaghetti Bolognese', 'Parmesan')).status()).toBe(201);
  await staff.context().close();
});
