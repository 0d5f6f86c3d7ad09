import { expect, test, type APIRequestContext, type Browser, type Page } from '../support/test.ts';
import sharp from 'sharp';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import {
  isPhone,
  openStaffWindow,
  seriousA11yViolations,
  SHOP,
  staffHeaders,
  withoutAutomaticPauses,
} from '../support/shop.ts';

// Staff change the menu and the shop in the browser, and a customer's open shop follows at once,
// without a reload. Each journey has a shop of its own, so the shared server's menu stays the demo's.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

// Staff logins verify an argon2id password, on purpose slowly; the first journey does a lot by hand.
test.describe.configure({ timeout: 180_000 });

let server: OwnServer;

test.beforeAll(async ({ request }) => {
  server = await startOwnServer(BASE_PORT + 50);
  // No orders board is open during these journeys: online orders must not pause by themselves.
  await withoutAutomaticPauses(request, server.origin);
});

test.afterAll(async () => {
  await server?.dispose();
});

/** A second browser window for the staff member, beside the customer's. */
function staffPage(browser: Browser, page: Page): Promise<Page> {
  return openStaffWindow(browser, page, server.origin);
}

/** Goes to a back-office page through its navigation, as staff do. */
async function openAdminPage(staff: Page, name: string): Promise<void> {
  // Folded on a phone, and on the orders board at every width.
  const menu = staff.getByRole('navigation', { name: 'Verwaltung' }).getByRole('button', { name: 'Menü' });
  if (await menu.isVisible()) await menu.click();
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
    headers: await staffHeaders(request, server.origin),
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
  // Each choice says what the group holds: the new group is the one that starts with its name.
  const picker = staff.getByLabel('Belaggruppe hinzufügen');
  const refinements = picker.locator('option').filter({ hasText: /^Veredelung · / });
  await picker.selectOption((await refinements.getAttribute('value')) ?? '');
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

  // The customer orders it for pickup as a guest; the server prices it from the same catalogue:
  // 15,50 € + 3,00 €, less the demo store's 10 % pickup discount.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Warenkorb, 1 Artikel/ })
    .click();
  const cart = page.getByRole('dialog', { name: 'Ihr Warenkorb' });
  await expect(cart.getByText('Pizza Tartufo (Groß (36 cm))')).toBeVisible();
  await cart.getByRole('radio', { name: 'Abholung' }).check();
  await expect(cart.getByRole('definition').last()).toHaveText('16,65 €');
  await cart
    .getByRole('button', { name: /Zur Kasse/ })
    .or(cart.getByRole('link', { name: /Zur Kasse/ }))
    .click();
  await page.getByRole('link', { name: 'Als Gast fortfahren' }).click();
  await page.getByLabel('Name').fill('Anna Muster');
  await page.getByLabel('Telefon').fill('030123456');
  // A pickup needs only a name and a phone number.
  await expect(page.getByLabel('Straße', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/order-online\/order\/\d+\?token=/);
  const placed = page.getByRole('main');
  await expect(placed).toContainText('Pizza Tartufo');
  await expect(placed).toContainText('Burrata');
  await expect(placed).toContainText('16,65 €');
  await staff.context().close();
});

test('staff make a pizza with a new extra and two allergens from the product editor alone, and the shop offers them', async ({
  page,
  browser,
}) => {
  test.skip(isPhone(page), 'staff build the menu at a desk or on a tablet; the phone journeys cover the pages');
  await openCustomerShop(page);
  const staff = await staffPage(browser, page);

  // The pizza itself.
  await openAdminPage(staff, 'Produktliste');
  await staff.getByRole('link', { name: 'Neues Produkt' }).click();
  await staff.getByRole('group', { name: 'Name' }).getByLabel('Deutsch').fill('Pizza Primavera');
  await staff.getByLabel('Kategorie').selectOption({ label: 'Pizza' });
  await staff.getByLabel('Mehrwertsteuer').selectOption({ label: 'Ermäßigter Satz 7 %' });
  await staff.getByLabel('Preis', { exact: true }).fill('11,00');
  await staff.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(staff).toHaveURL(/\/admin\/products\?id=\d+$/);

  // The pizzas' "Extra Beläge", told apart from the pasta's and the salads' by what uses them.
  const groups = staff.getByRole('region', { name: 'Belaggruppen' });
  const picker = groups.getByLabel('Belaggruppe hinzufügen');
  const pizzaExtras = picker.locator('option').filter({ hasText: /^Extra Beläge · .* · Auch bei: .*Pizza/ });
  await expect(pizzaExtras).toHaveCount(1);
  await picker.selectOption((await pizzaExtras.getAttribute('value')) ?? '');
  await groups.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await groups.getByRole('button', { name: 'Belaggruppen speichern' }).click();
  await expect(groups.getByText('Gespeichert.')).toBeVisible();

  // An extra the kitchen did not have yet, made right there.
  await groups.getByRole('button', { name: 'Neuen Belag anlegen' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Neuer Belag' });
  await dialog.getByRole('group', { name: 'Name' }).getByLabel('Deutsch').fill('Pistaziencreme');
  await dialog.getByRole('group', { name: 'Name' }).getByLabel('Englisch').fill('Pistachio cream');
  await dialog.getByLabel('Preis').fill('2,20');
  await dialog.getByRole('checkbox', { name: /^h\b/ }).check();
  await dialog.getByRole('button', { name: 'Anlegen und hinzufügen' }).click();
  await expect(groups.getByText('„Pistaziencreme“ ist angelegt und in „Extra Beläge“.')).toBeVisible();
  await expect(groups.getByText(/Pistaziencreme/).first()).toBeVisible();

  // Its allergens, on the same page.
  const declarations = staff.getByRole('form', { name: 'Allergene und Zusatzstoffe' });
  await declarations.getByRole('checkbox', { name: /^a\b/ }).check();
  await declarations.getByRole('checkbox', { name: /^g\b/ }).check();
  await declarations.getByRole('button', { name: 'Allergene speichern' }).click();
  await expect(declarations.getByText('Gespeichert.')).toBeVisible();

  // The details again after both: the page's own saves are no conflict.
  await staff.getByRole('group', { name: 'Beschreibung' }).getByLabel('Deutsch').fill('Mit frischem Gemüse.');
  await staff.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(staff.getByRole('form', { name: 'Angaben zum Produkt' }).getByText('Gespeichert.')).toBeVisible();
  await expect(staff.getByText('Inzwischen geändert')).toHaveCount(0);

  // The customer's open shop offers the new extra and declares the allergens.
  const pizza = page.getByRole('article', { name: 'Pizza Primavera' });
  await expect(pizza).toContainText('11,00 €');
  await page.getByRole('button', { name: 'Pizza Primavera auswählen' }).click();
  const options = page.getByRole('dialog', { name: /^Pizza Primavera/ });
  const allergens = options.getByRole('region', { name: 'Allergene und Zusatzstoffe Ihrer Auswahl' });
  await expect(allergens).toContainText('(a)');
  await expect(allergens).toContainText('(g)');
  await options.getByRole('checkbox', { name: /Pistaziencreme/ }).check();
  await expect(allergens).toContainText('(h)');
  await expect(options.getByRole('button', { name: /Hinzufügen/ })).toContainText('13,20 €');
  await staff.context().close();
});

/** A guest's pickup order for one simple product, placed through the API as the shop would. */
async function guestOrder(request: APIRequestContext, productId: number) {
  return request.post(`${server.origin}/api/orders/guest`, {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      store_id: 13,
      order_type: 'pickup',
      items: [{ product_id: productId, quantity: 1, extras: [] }],
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

async function shopProductId(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get(`${server.origin}/api/products/?store_id=13`);
  const product = ((await response.json()) as { id: number; name: string }[]).find((item) => item.name === name);
  if (!product) throw new Error(`the shop does not sell ${name}`);
  return product.id;
}

test('staff mark a dessert sold out for today: the open shop stops selling it, and sells it again when they say so', async ({
  page,
  browser,
  request,
}) => {
  const panna = await shopProductId(request, 'Panna Cotta');
  await openCustomerShop(page);
  await expect(page.getByRole('article', { name: 'Panna Cotta' })).toBeAttached();
  const staff = await staffPage(browser, page);
  await openAdminPage(staff, 'Produktliste');
  await staff.getByLabel('Suchen').fill('Panna');
  await staff.getByRole('button', { name: 'Panna Cotta heute ausverkauft' }).click();
  await expect(staff.getByRole('status').filter({ hasText: /Panna Cotta ist bis .+ ausverkauft\./ })).toBeVisible();

  // It stays on the menu, greyed and saying so, rather than vanishing.
  await expect(page.getByRole('article', { name: 'Panna Cotta' }).getByText('Heute ausverkauft')).toBeVisible();
  const refused = await guestOrder(request, panna);
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { code: string }).code).toBe('product_unavailable');

  await staff.getByRole('button', { name: 'Panna Cotta wieder verfügbar' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Panna Cotta ist wieder verfügbar.' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Panna Cotta' }).getByText('Heute ausverkauft')).toHaveCount(0);
  expect((await guestOrder(request, panna)).status()).toBe(201);
  await staff.context().close();
});

test('staff rename a drink: the open shop shows the new name, an order placed before keeps the old one', async ({
  page,
  browser,
  request,
}) => {
  const cola = await shopProductId(request, 'Cola 0,33 l');
  const placed = await guestOrder(request, cola);
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { id: number; tracking_token: string };

  await openCustomerShop(page);
  const staff = await staffPage(browser, page);
  await openAdminPage(staff, 'Produktliste');
  await staff.getByLabel('Suchen').fill('Cola');
  await staff.getByRole('link', { name: 'Cola 0,33 l bearbeiten' }).click();
  const name = staff.getByRole('group', { name: 'Name' });
  await expect(name.getByLabel('Deutsch')).toHaveValue('Cola 0,33 l');
  await name.getByLabel('Deutsch').fill('Cola Classic 0,33 l');
  await staff.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(staff.getByText('Gespeichert.')).toBeVisible();

  await expect(page.getByRole('article', { name: 'Cola Classic 0,33 l' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Cola 0,33 l' })).toHaveCount(0);

  await page.goto(`${server.origin}${SHOP}/order/${order.id}?token=${order.tracking_token}`);
  await expect(page.getByRole('main')).toContainText('Cola 0,33 l');
  await expect(page.getByRole('main')).not.toContainText('Cola Classic');
  await staff.context().close();
});

test('staff close today in the opening hours: the open shop says it is closed at once, and opens again', async ({
  page,
  browser,
}) => {
  const today = new Intl.DateTimeFormat('de-DE', { weekday: 'long', timeZone: 'Europe/Berlin' }).format(new Date());
  await openCustomerShop(page);
  const staff = await staffPage(browser, page);
  await openAdminPage(staff, 'Öffnungszeiten & Einstellungen');
  // Around the clock: two times a day. Both go, so today has none.
  await staff.getByRole('button', { name: `Zeit 2 am ${today} entfernen` }).click();
  await staff.getByRole('button', { name: `Zeit 1 am ${today} entfernen` }).click();
  await staff.getByRole('button', { name: 'Öffnungszeiten speichern' }).click();
  await expect(page.getByText('Heute geschlossen').first()).toBeVisible();

  await staff.getByRole('button', { name: `Zeit hinzufügen am ${today}` }).click();
  const day = staff.getByRole('group', { name: today });
  await day.getByLabel('Öffnet').fill('00:00');
  await day.getByLabel('Schließt').fill('00:00');
  await staff.getByRole('button', { name: 'Öffnungszeiten speichern' }).click();
  await expect(page.getByText(/Jetzt geöffnet|Geöffnet/).first()).toBeVisible();
  await expect(page.getByText('Heute geschlossen')).toHaveCount(0);
  await staff.context().close();
});

const ADMIN_PATHS = [
  ['/home', 'Admin Dashboard'],
  ['/category-list', 'Kategorieliste'],
  ['/category?id=1', 'Kategorien'],
  ['/categories-page', 'Reihenfolge der Speisekarte'],
  ['/products-list', 'Produktliste'],
  ['/products?id=4', 'Produkte'],
  ['/toppings', 'Beläge'],
  ['/topping-groups', 'Belaggruppen'],
  ['/group-item?group=1', 'Gruppeneinträge'],
  ['/product-groups?product=4', 'Produktgruppen'],
  ['/allergy', 'Allergene & Zusatzstoffe'],
  ['/item-allergy?product=4', 'Allergene zuordnen'],
  ['/tax', 'Steuern'],
  ['/store-setting', 'Öffnungszeiten & Einstellungen'],
  ['/disscount', 'Rabatte'],
  ['/delivery-areas', 'Liefergebiete'],
  ['/audit', 'Änderungsprotokoll'],
  ['/devices', 'Geräte'],
  ['/orders', 'Bestellungen'],
] as const;

test('every back-office page has its title and no serious accessibility problem', async ({ page, browser }) => {
  const staff = await staffPage(browser, page);
  const problems: Record<string, unknown> = {};
  for (const [path, title] of ADMIN_PATHS) {
    await staff.goto(`${server.origin}${SHOP}/admin${path}`);
    await expect(staff.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The dashboard counts its new orders first: "(2) Admin Dashboard | …".
    await expect(staff).toHaveTitle(new RegExp(`^(\\(\\d+\\) )?${title} \\| Pizzeria Bella Napoli Restaurant$`));
    // What the page reads has arrived: no loading line left.
    await expect(staff.getByText('Wird geladen …')).toHaveCount(0);
    const violations = await seriousA11yViolations(staff);
    if (violations.length > 0) problems[path] = violations;
  }
  expect(problems).toEqual({});
  await staff.context().close();
});
