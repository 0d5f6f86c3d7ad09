import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { isPhone, seriousA11yViolations, SHOP } from '../support/shop.ts';

// Issue 11: staff change the menu and the shop in the browser, and a customer's open shop follows at once,
// without a reload. Each journey has a shop of its own, so the shared server's menu stays the demo's.

const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

// Staff logins verify an argon2id password, on purpose slowly; the first journey does a lot by hand.
test.describe.configure({ timeout: 180_000 });

let server: OwnServer;

test.beforeAll(async ({ request }) => {
  server = await startOwnServer(BASE_PORT + 50);
  // No orders board is open during these journeys: online orders must not pause by themselves.
  const headers = await adminHeaders(request);
  const settings = await request.get(`${server.origin}/api/admin/stores/13/board-settings`, { headers });
  const saved = await request.put(`${server.origin}/api/admin/stores/13/board-settings`, {
    headers,
    data: { ...((await settings.json()) as object), auto_pause_enabled: false },
  });
  expect(saved.ok()).toBe(true);
});

test.afterAll(async () => {
  await server?.dispose();
});

async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post(`${server.origin}/api/login`, {
    form: { username: ADMIN.email, password: ADMIN.password },
  });
  expect(response.ok()).toBe(true);
  return { Authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

/** A second browser window for the staff member, beside the customer's. */
async function staffPage(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({ viewport: page.viewportSize(), locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const staff = await context.newPage();
  await staff.goto(`${server.origin}${SHOP}/admin`);
  await staff.getByLabel('E-Mail-Adresse').fill(ADMIN.email);
  await staff.getByLabel('Passwort').fill(ADMIN.password);
  await staff.getByRole('button', { name: 'Anmelden' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 15_000 });
  return staff;
}

/** Goes to a back-office page through its navigation, as staff do. */
async function openAdminPage(staff: Page, name: string): Promise<void> {
  if (isPhone(staff)) await staff.getByRole('button', { name: 'Menü' }).click();
  await staff.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name, exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function openCustomerShop(page: Page): Promise<void> {
  await page.goto(`${server.origin}${SHOP}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pizzeria Bella Napoli' })).toBeVisible();
  // The live status (and with it the menu's version) has arrived once the pill says open.
  await expect(page.getByText(/Jetzt geöffnet|Geöffnet/).first()).toBeVisible();
}

async function idOf(request: APIRequestContext, path: string, name: string): Promise<number> {
  const response = await request.get(`${server.origin}/api/admin/stores/13/${path}`, {
    headers: await adminHeaders(request),
  });
  const rows = (await response.json()) as { id: number; name: { de: string } }[];
  const row = rows.find((candidate) => candidate.name.de === name);
  if (!row) throw new Error(`no ${path} named ${name}`);
  return row.id;
}

/** A photo-like PNG of a pizza's size, made here so nothing binary lives in the repository. */
async function pizzaPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 196, g: 64, b: 40 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="600"><circle cx="450" cy="300" r="240" fill="#f4d28a"/><circle cx="380" cy="250" r="40" fill="#a02020"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

test('staff build a pizza with sizes, toppings, allergens and a picture, and an open shop sells it at once', async ({
  page,
  browser,
  request,
}) => {
  test.skip(isPhone(page), 'staff build the menu at a desk or on a tablet; the phone journeys cover the pages');
  await openCustomerShop(page);
  const staff = await staffPage(browser, page);

  // A category.
  await openAdminPage(staff, 'Kategorieliste');
  await staff.getByRole('link', { name: 'Neue Kategorie' }).click();
  await staff.getByRole('group', { name: 'Name' }).getByLabel('Deutsch').fill('Spezialitäten');
  await staff.getByRole('group', { name: 'Name' }).getByLabel('Englisch').fill('Specialities');
  await staff.getByRole('button', { name: 'Kategorie anlegen' }).click();
  await expect(staff).toHaveURL(/\/admin\/category\?id=\d+$/);

  // Two toppings, one with milk.
  await openAdminPage(staff, 'Beläge');
  for (const [name, price] of [
    ['Burrata', '3,00'],
    ['Trüffelöl', '2,50'],
  ] as const) {
    await staff.getByRole('group', { name: 'Name' }).getByLabel('Deutsch').fill(name);
    await staff.getByLabel('Standardpreis').fill(price);
    await staff.getByRole('button', { name: 'Belag anlegen' }).click();
    await expect(staff.getByRole('status').filter({ hasText: `Belag „${name}“ angelegt.` })).toBeVisible();
  }
  const burrata = await idOf(request, 'toppings', 'Burrata');
  await staff.goto(`${server.origin}${SHOP}/admin/item-allergy?topping=${burrata}`);
  await staff.getByRole('checkbox', { name: /^g\b/ }).check();
  await staff.getByRole('button', { name: 'Speichern' }).click();
  await expect(staff.getByText('Gespeichert.')).toBeVisible();

  // A group offering both.
  await openAdminPage(staff, 'Belaggruppen');
  await staff.getByRole('group', { name: 'Name' }).getByLabel('Deutsch').fill('Veredelung');
  await staff.getByLabel('Mindestens wählen').fill('0');
  await staff.getByLabel('Höchstens wählen').fill('2');
  await staff.getByRole('button', { name: 'Gruppe anlegen' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Belaggruppe „Veredelung“ angelegt.' })).toBeVisible();
  const group = await idOf(request, 'topping-groups', 'Veredelung');
  await staff.goto(`${server.origin}${SHOP}/admin/group-item?group=${group}`);
  for (const name of ['Burrata (3,00 €)', 'Trüffelöl (2,50 €)']) {
    await staff.getByLabel('Belag hinzufügen').selectOption({ label: name });
    await staff.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  }
  await staff.getByRole('button', { name: 'Speichern' }).click();
  await expect(staff.getByText('Gespeichert.')).toBeVisible();

  // The pizza: three sizes, the food VAT rate, a picture.
  await openAdminPage(staff, 'Produktliste');
  await staff.getByRole('link', { name: 'Neues Produkt' }).click();
  await staff.getByRole('group', { name: 'Name' }).getByLabel('Deutsch').fill('Pizza Tartufo');
  await staff.getByRole('group', { name: 'Beschreibung' }).getByLabel('Deutsch').fill('Mit schwarzem Trüffel.');
  await staff.getByLabel('Kategorie').selectOption({ label: 'Spezialitäten' });
  await staff.getByLabel('Mehrwertsteuer').selectOption({ label: 'Ermäßigter Satz 7 %' });
  await staff.getByRole('radio', { name: /Mit Größen/ }).check();
  const sizes = [
    ['Klein (26 cm)', '9,50'],
    ['Mittel (30 cm)', '12,50'],
    ['Groß (36 cm)', '15,50'],
  ] as const;
  for (const [index, [name, price]] of sizes.entries()) {
    if (index > 0) await staff.getByRole('button', { name: 'Größe hinzufügen' }).click();
    const size = staff.getByRole('listitem', { name: `Größe ${index + 1}` });
    await size.getByLabel('Name der Größe (DE)').fill(name);
    await size.getByLabel('Preis').fill(price);
  }
  await staff.getByLabel('Bild auswählen').setInputFiles({
    name: 'tartufo.png',
    mimeType: 'image/png',
    buffer: await pizzaPhoto(),
  });
  await expect(staff.getByRole('img', { name: 'Vorschau des Bildes' })).toBeVisible();
  await staff.getByRole('button', { name: 'Speichern' }).click();
  await expect(staff).toHaveURL(/\/admin\/products\?id=\d+$/);
  const productId = Number(/id=(\d+)/.exec(staff.url())?.[1]);

  // Its topping group and its allergens.
  await staff.goto(`${server.origin}${SHOP}/admin/product-groups?product=${productId}`);
  await staff.getByLabel('Belaggruppe hinzufügen').selectOption({ label: 'Veredelung' });
  await staff.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await staff.getByRole('button', { name: 'Speichern' }).click();
  await expect(staff.getByText('Gespeichert.')).toBeVisible();
  await staff.goto(`${server.origin}${SHOP}/admin/item-allergy?product=${productId}`);
  await staff.getByRole('checkbox', { name: /^a\b/ }).check();
  await staff.getByRole('button', { name: 'Speichern' }).click();
  await expect(staff.getByText('Gespeichert.')).toBeVisible();

  // The customer's shop, never reloaded, shows and sells it.
  const pizza = page.getByRole('article', { name: 'Pizza Tartufo' });
  await expect(page.getByRole('heading', { level: 2, name: 'Spezialitäten' })).toBeVisible();
  await expect(pizza).toContainText('ab 9,50 €');
  const picture = pizza.locator('img');
  await expect(picture).toHaveAttribute('src', /^\/api\/pictures\/[\w-]+\.webp$/);
  await expect(picture).toHaveAttribute('width', '160');
  await page.getByRole('button', { name: 'Pizza Tartufo auswählen' }).click();
  const dialog = page.getByRole('dialog', { name: /^Pizza Tartufo/ });
  await dialog.getByRole('radio', { name: /Groß \(36 cm\)/ }).check();
  await dialog.getByRole('checkbox', { name: /Burrata/ }).check();
  await expect(dialog.getByRole('region', { name: 'Allergene und Zusatzstoffe Ihrer Auswahl' })).toContainText('(g)');
  await expect(dialog.getByRole('region', { name: 'Allergene und Zusatzstoffe Ihrer Auswahl' })).toContainText('(a)');
  await expect(dialog.getByRole('button', { name: /Hinzufügen/ })).toContainText('18,50 €');
  await dialog.getByRole('button', { name: /Hinzufügen/ }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Warenkorb, 1 Artikel/ })).toBeVisible();

  // The server prices the order from the same catalogue: 15,50 € + 3,00 €, less the pickup discount.
  const order = await request.post(`${server.origin}/api/orders/guest`, {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      store_id: 13,
      order_type: 'pickup',
      items: [
        {
          product_id: productId,
          variant_id: await variantId(request, productId, 'Groß (36 cm)'),
          quantity: 1,
          extras: [{ id: burrata, quantity: 1 }],
        },
      ],
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
  expect(order.status(), await order.text()).toBe(201);
  // Pickup: the demo store's 10 % pickup discount comes off.
  expect(await order.json()).toMatchObject({ subtotal: 18.5, discount: 1.85, total: 16.65 });
  await staff.context().close();
});

async function variantId(request: APIRequestContext, productId: number, name: string): Promise<number> {
  const response = await request.get(`${server.origin}/api/admin/stores/13/products/${productId}`, {
    headers: await adminHeaders(request),
  });
  const product = (await response.json()) as { variants: { id: number; name: { de: string } }[] };
  const variant = product.variants.find((candidate) => candidate.name.de === name);
  if (!variant) throw new Error(`no size ${name}`);
  return variant.id;
}
