import { expect, test, type APIRequestContext, type Page } from '../support/test.ts';
import { alarms, chimes, listenToSound } from '../support/board-sound.ts';
import { buildCartItem, type Postcode, type Product } from '@pizzeria/domain';
import { placeGuestOrder } from '../support/orders.ts';
import { startOwnServer } from '../support/own-server.ts';
import { isPhone, seriousA11yViolations, SHOP, signInStaff, keepDeliveryCart, staffHeaders } from '../support/shop.ts';

// The orders board, as the kitchen uses it on a Friday evening.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

// Every staff login verifies an argon2id password, on purpose slowly.
test.describe.configure({ timeout: 90_000 });

async function startShift(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Schicht starten' }).click();
  await expect(page.getByText('Schicht läuft')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live verbunden' })).toBeVisible();
}

/** A guest's pickup order of two, as the checkout sends it. */
function nightShiftOrder(request: APIRequestContext, origin: string) {
  return placeGuestOrder(request, origin, { name: 'Nora Nachtschicht', phone: '+49 30 555666' }, { quantity: 2 });
}

/**
 * The guest's way, in the shop of the server at `origin`: a cart of two large Margheritas for delivery to
 * 10117 (60 minutes' delivery time), the guest form, the checkout. Gives the order's number and the time
 * the checkout told the guest.
 */
async function guestOrdersThroughTheShop(
  page: Page,
  request: APIRequestContext,
  origin: string,
): Promise<{ orderId: number; told: string }> {
  const products = (await (await request.get(`${origin}/api/products/?store_id=13`)).json()) as Product[];
  const margherita = products.find((product) => product.name === 'Pizza Margherita');
  if (!margherita) throw new Error('Pizza Margherita is not on the menu');
  const large = margherita.variants.find((variant) => /Groß/.test(variant.name));
  const postcodes = (await (await request.get(`${origin}/api/postcodes/store/13`)).json()) as Postcode[];
  const area = postcodes.find((entry) => entry.postcode === '10117');
  if (!area) throw new Error('the demo restaurant does not deliver to 10117');
  await page.goto(`${origin}${SHOP}/`);
  await expect(page.getByRole('banner')).toBeVisible();
  await keepDeliveryCart(
    page,
    [buildCartItem(margherita, { variantId: large?.id ?? null, extras: [], quantity: 2 })],
    area,
  );
  await page.goto(`${origin}${SHOP}/guest-login`);
  await page.getByLabel('Name').fill('Gabi Gast');
  await page.getByLabel('Telefon').fill('030123456');
  await page.getByLabel(/E-Mail/).fill('gabi@example.com');
  await page.getByLabel('Straße', { exact: true }).fill('Torstraße');
  await page.getByLabel('Hausnummer').fill('12');
  await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
  const estimate = page.getByText(/^voraussichtlich um \d{2}:\d{2} bei Ihnen$/);
  const told = /\d{2}:\d{2}/.exec((await estimate.textContent()) ?? '')?.[0] ?? '';
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/order-online\/order\/\d+\?token=/);
  await expect(page.getByText('Warten auf die Bestätigung des Restaurants')).toBeVisible();
  return { orderId: Number(/\/order\/(\d+)/.exec(page.url())?.[1]), told };
}

function card(page: Page, orderId: number) {
  return page.locator(`[data-order-id="${orderId}"]`);
}

function column(page: Page, name: string) {
  return page.getByRole('region', { name: new RegExp(`^${name}`) });
}

test('a guest’s order rings on the board at once, is accepted for 20 minutes and sent on its way, live on the guest’s page', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the kitchen’s tablet; the phone project checks the board’s layout');
  test.setTimeout(180_000);
  // A store of its own: on the shared server, orders other journeys left waiting would ring too, and the
  // chime, the count in the title and the quiet after accepting are this journey's order's alone.
  const server = await startOwnServer(BASE_PORT + 32);
  try {
    await listenToSound(page);
    await signInStaff(page, server.origin);
    await startShift(page);
    expect(await chimes(page)).toBe(0);

    const guestContext = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const guest = await guestContext.newPage();
    const { orderId, told } = await guestOrdersThroughTheShop(guest, request, server.origin);

    // The staff channel brings it: by the time the guest sees their order page, it is on the board.
    await expect(card(page, orderId)).toBeVisible({ timeout: 1_000 });
    await expect(column(page, 'Neu').locator(`[data-order-id="${orderId}"]`)).toHaveAttribute('data-ringing', 'true');
    await expect.poll(() => chimes(page)).toBeGreaterThan(0);
    await expect(page).toHaveTitle(/^\(1\) Admin Dashboard/);

    // Staff open it (the chime stops for it) and accept it for 20 minutes.
    await card(page, orderId).click();
    const dialog = page.getByRole('dialog', { name: `Bestellung #${orderId}` });
    await expect(dialog.getByRole('link', { name: 'Auf der Karte zeigen' })).toHaveAttribute(
      'href',
      /query=Torstra%C3%9Fe%2012%2C%2010117%20Berlin/,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The dialog starts from what the checkout told the guest (the kitchen's preparation and 10117's 60
    // minutes' delivery), not from a fixed 30, and warns before a promise earlier than that.
    // Near midnight the told time falls on the next day, and the dialog names the day too ("28.11., 00:15").
    const toldAt = `(\\d{2}\\.\\d{2}\\., )?${told}`;
    await expect(dialog.getByText(new RegExp(`^Beim Bestellen genannt: ${toldAt}$`))).toBeVisible();
    const preselected = Number(await dialog.getByRole('spinbutton', { name: 'Minuten' }).inputValue());
    expect(preselected).toBeGreaterThan(60);
    expect(preselected % 5).toBe(0);
    await expect(dialog.getByRole('button', { name: `Annehmen – in ${preselected} Min.` })).toBeVisible();
    await expect(dialog.getByRole('button', { name: '30', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(dialog.getByText(/^Achtung: früher als/)).toBeHidden();
    await dialog.getByRole('button', { name: '20', exact: true }).click();
    await expect(
      dialog.getByText(
        new RegExp(`Achtung: früher als die ${toldAt}, die dem Kunden beim Bestellen genannt wurden\\.`),
      ),
    ).toBeVisible();
    await guest.evaluate(() => sessionStorage.setItem('not-reloaded', 'yes'));
    await dialog.getByRole('button', { name: 'Annehmen – in 20 Min.' }).click();
    await expect(dialog).toBeHidden();
    await expect(column(page, 'In der Küche').locator(`[data-order-id="${orderId}"]`)).toBeVisible();
    await expect(page).toHaveTitle(/^Admin Dashboard/);
    const silentFrom = await chimes(page);

    // The guest's page follows without a reload.
    await expect(guest.getByText('Das Restaurant hat Ihre Bestellung angenommen')).toBeVisible();
    await expect(guest.getByText(/Voraussichtlich (am .+ )?um \d{2}:\d{2} bei Ihnen\./)).toBeVisible();

    await card(page, orderId).click();
    await dialog.getByRole('button', { name: 'Unterwegs' }).click();
    await expect(dialog).toBeHidden();
    await expect(column(page, 'Fertig / unterwegs').locator(`[data-order-id="${orderId}"]`)).toBeVisible();
    await expect(guest.getByText('Ihre Bestellung ist unterwegs')).toBeVisible();
    expect(await guest.evaluate(() => sessionStorage.getItem('not-reloaded'))).toBe('yes');
    // Nothing new waits: the board has been quiet since the order was accepted.
    expect(await chimes(page)).toBe(silentFrom);

    // The kitchen ticket: printed on 80 mm paper, the cash to collect in large type.
    const ticket = await page.context().newPage();
    await ticket.goto(`${server.origin}${SHOP}/admin/orders/${orderId}/ticket`);
    const paper = ticket.getByRole('article', { name: 'Küchenbon' });
    await expect(paper.getByText(`#${orderId}`)).toBeVisible();
    await expect(paper.getByText(/^BAR KASSIEREN/)).toBeVisible();
    await ticket.emulateMedia({ media: 'print' });
    const pdf = (await ticket.pdf({ preferCSSPageSize: true })).toString('latin1');
    const [, width] = /\/MediaBox \[0 0 ([\d.]+) [\d.]+\]/.exec(pdf) ?? [];
    // 80 mm in PDF points (1/72 inch).
    expect(Number(width)).toBeCloseTo((80 / 25.4) * 72, 0);
    await guestContext.close();
  } finally {
    await server.dispose();
  }
});

test('staff open an order and reject it with a listed reason; on a phone the columns stack; axe finds nothing serious', async ({
  page,
  request,
}) => {
  await signInStaff(page);
  // The board is the kitchen's screen: its navigation is folded away, one tap opens it.
  const navigation = page.getByRole('navigation', { name: 'Verwaltung' });
  await expect(navigation.getByRole('link', { name: 'Bestellungen' })).toBeHidden();
  await navigation.getByRole('button', { name: 'Menü' }).click();
  await expect(navigation.getByRole('link', { name: 'Bestellungen' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(navigation.getByRole('link', { name: 'Bestellungen' })).toBeHidden();

  const order = await nightShiftOrder(request, '');
  await expect(card(page, order.id)).toBeVisible();
  await expect(card(page, order.id)).toContainText('Neu – bitte öffnen');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await card(page, order.id).click();
  const dialog = page.getByRole('dialog', { name: `Bestellung #${order.id}` });
  // What was ordered is in view together with the decision, and the order is named once.
  const line = dialog.getByText(`2 × ${order.items[0]?.display_name ?? ''}`, { exact: true });
  const accept = dialog.getByRole('button', { name: /^Annehmen – in \d+ Min\.$/ });
  await expect(line).toBeInViewport();
  await expect(accept).toBeInViewport();
  await expect(dialog.getByRole('heading', { name: `Bestellung #${order.id}` })).toHaveCount(1);
  if (!isPhone(page)) {
    // On a tablet the order sits beside the choices: the reasons to reject start level with the items.
    const [items, reasons] = await Promise.all([
      line.boundingBox(),
      dialog.getByRole('form', { name: 'Ablehnen' }).boundingBox(),
    ]);
    expect(reasons?.x ?? 0).toBeGreaterThan((items?.x ?? 0) + (items?.width ?? 0) - 1);
  }
  // Stored in E.164, shown as people read it.
  await expect(dialog.getByRole('link', { name: '030 555666' })).toHaveAttribute('href', 'tel:+4930555666');
  expect(await seriousA11yViolations(page)).toEqual([]);
  // A reason from the list: the guest is told it.
  await dialog.getByLabel('Wir haben gerade zu viele Bestellungen.').check();
  await dialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(dialog).toBeHidden();
  await expect(column(page, 'Heute erledigt').locator(`[data-order-id="${order.id}"]`)).toBeVisible();

  // The board's settings: a form in a dialog.
  await page.getByRole('button', { name: 'Einstellungen' }).click();
  const settings = page.getByRole('dialog', { name: 'Einstellungen der Bestelltafel' });
  await expect(settings.getByLabel('Unbeantwortete Bestellungen ablehnen nach Minuten')).toHaveValue('15');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await settings.getByRole('button', { name: 'Schließen' }).click();

  if (isPhone(page)) {
    const [waiting, done] = await Promise.all([
      column(page, 'Neu').boundingBox(),
      column(page, 'Heute erledigt').boundingBox(),
    ]);
    expect(done?.x).toBe(waiting?.x);
  }
});

test('an order past its promised time says so in words, and the kitchen’s column lists it first', async ({
  page,
  request,
}) => {
  await signInStaff(page);
  const headers = await staffHeaders(request);
  const early = await nightShiftOrder(request, '');
  const later = await nightShiftOrder(request, '');
  for (const [order, minutes] of [
    [later, 45],
    [early, 2],
  ] as const) {
    const accepted = await request.post(`/api/admin/orders/${order.id}/accept`, {
      headers,
      data: { eta_minutes: minutes },
    });
    expect(accepted.ok()).toBe(true);
  }
  const kitchen = column(page, 'In der Küche');
  await expect(kitchen.locator(`[data-order-id="${early.id}"]`)).toContainText(/in [12] Min\./);
  const ids = await kitchen
    .locator('[data-order-id]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-order-id')));
  expect(ids.indexOf(String(early.id))).toBeLessThan(ids.indexOf(String(later.id)));

  // Five minutes on, on the board's clock: promised two minutes after it was accepted, it is late.
  await page.clock.setFixedTime(Date.now() + 5 * 60_000);
  await expect(kitchen.locator(`[data-order-id="${early.id}"]`)).toContainText(/\d+ Min\. überfällig/, {
    timeout: 15_000,
  });
  await expect(kitchen.locator(`[data-order-id="${later.id}"]`)).not.toContainText(/überfällig|fällig|in \d+ Min\./);
});

test('the board’s server restarts: the board alarms after 30 s without it, reconnects, and an order placed meanwhile rings', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the connection does not depend on the viewport');
  test.setTimeout(180_000);
  const server = await startOwnServer(BASE_PORT + 30);
  try {
    await listenToSound(page);
    await signInStaff(page, server.origin);
    await startShift(page);

    await server.stop();
    await expect(page.getByRole('status').filter({ hasText: 'Verbindung unterbrochen' })).toBeVisible();
    expect(await alarms(page)).toBe(0);
    // More than 30 s without the server: the red banner and the alarm, unlike any order chime.
    await expect(page.getByRole('alert').filter({ hasText: 'Keine Verbindung zum Server' })).toBeVisible({
      timeout: 45_000,
    });
    await expect.poll(() => alarms(page)).toBeGreaterThan(0);

    // The board is kept away from the server while it comes back and an order arrives.
    let held = true;
    await page.routeWebSocket(/\/api\/ws\/admin\/orders/, (socket) => {
      if (held) socket.close();
      else socket.connectToServer();
    });
    await server.start();
    const order = await nightShiftOrder(request, server.origin);
    await expect(card(page, order.id)).toHaveCount(0);
    const chimedBefore = await chimes(page);

    held = false;
    // The next attempt reaches the server (the board tries again every second or so): the list is read again.
    await expect(page.getByRole('status').filter({ hasText: 'Live verbunden' })).toBeVisible({ timeout: 45_000 });
    await expect(card(page, order.id)).toBeVisible();
    await expect.poll(() => chimes(page)).toBeGreaterThan(chimedBefore);
  } finally {
    await server.dispose();
  }
});

test('with no board open the shop pauses online orders by itself, and resumes when a board connects', async ({
  browser,
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the server decides; the viewport plays no part');
  test.setTimeout(180_000);
  const server = await startOwnServer(BASE_PORT + 40, { fakeClock: true });
  try {
    await page.goto(`${server.origin}${SHOP}/`);
    const status = page.getByText(/^(Jetzt geöffnet|Online-Bestellungen)/);
    await expect(status).toHaveText(/^Jetzt geöffnet/, { timeout: 15_000 });

    // The server watches from its first check (every 30 s); then no board for longer than 3 minutes.
    await server.advanceClock(4 * 60_000);
    await page.waitForTimeout(31_000);
    await server.advanceClock(4 * 60_000);
    await expect(status).toHaveText('Online-Bestellungen gerade nicht möglich – bitte rufen Sie uns an', {
      timeout: 45_000,
    });

    const staffContext = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const staff = await staffContext.newPage();
    await signInStaff(staff, server.origin);
    await expect(staff.getByRole('status').filter({ hasText: 'Live verbunden' })).toBeVisible();
    await expect(status).toHaveText(/^Jetzt geöffnet/, { timeout: 15_000 });
    await staffContext.close();
  } finally {
    await server.dispose();
  }
});
