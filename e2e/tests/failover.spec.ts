import { expect, test, type Browser, type Page } from '../support/test.ts';
import { alarms, chimes, listenToSound } from '../support/board-sound.ts';
import { buildCartItem, type Product } from '@pizzeria/domain';
import { SHOP, signInStaff } from '../support/shop.ts';
import { startTwoInstances, type TwoInstances } from '../support/two-instances.ts';

// A fault that loses nothing: one of two instances stops while customers and the staff board
// are connected to it. Their sockets find the other instance through the load balancer, no order is
// lost or doubled, and the board rings for an order placed meanwhile.

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

// Two servers start on a fresh database, and staff sign in (argon2id, slow on purpose).
test.describe.configure({ timeout: 110_000 });

async function openBoard(page: Page, origin: string): Promise<void> {
  await signInStaff(page, origin);
  await page.getByRole('button', { name: 'Schicht starten' }).click();
  await expect(page.getByText('Schicht läuft')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live verbunden' })).toBeVisible();
}

/** A guest of their own browser, with a pizza in the cart for pickup, on the checkout (cash is preselected). */
async function guestAtCheckout(browser: Browser, origin: string, name: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const customer = await context.newPage();
  const products = (await (await customer.request.get(`${origin}/api/products/?store_id=13`)).json()) as Product[];
  const margherita = products.find((product) => product.name === 'Pizza Margherita');
  if (!margherita) throw new Error('Pizza Margherita is not on the menu');
  const item = buildCartItem(margherita, { variantId: margherita.variants[0]?.id ?? null, extras: [], quantity: 1 });
  await customer.goto(`${origin}${SHOP}/`);
  await expect(customer.getByRole('banner')).toBeVisible();
  await customer.evaluate((stored) => {
    localStorage.setItem('cartItems', JSON.stringify([stored]));
    localStorage.setItem('order_type', JSON.stringify('pickup'));
  }, item);
  await customer.goto(`${origin}${SHOP}/guest-login`);
  await customer.getByLabel('Name').fill(name);
  await customer.getByLabel('Telefon').fill('030123456');
  await customer.getByRole('button', { name: 'Weiter zur Kasse' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
  await expect(customer.getByRole('radio', { name: /Barzahlung/ })).toBeChecked();
  return customer;
}

/** Places the order on the checkout; its page then waits for the restaurant. Returns the order's number. */
async function placeOrder(customer: Page): Promise<number> {
  await customer.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(customer).toHaveURL(/\/order-online\/order\/\d+\?token=/);
  await expect(customer.getByText('Warten auf die Bestätigung des Restaurants')).toBeVisible();
  return Number(/\/order\/(\d+)/.exec(customer.url())?.[1]);
}

/** The instances that the balancer sent the sockets of `path` to, in order. */
function socketsOf(shop: TwoInstances, path: string): string[] {
  return shop.routes.filter((route) => route.request.startsWith(`GET /api${path}`)).map((route) => route.instance);
}

function card(page: Page, orderId: number) {
  return page.locator(`[data-order-id="${orderId}"]`);
}

for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
  test(`one of two instances is stopped (${signal}) under a customer and the board: both reconnect to the other, an order placed meanwhile rings, none is lost or doubled`, async ({
    browser,
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'the servers fail over; the viewport plays no part');
    test.skip(
      !adminUrl || !redisUrl,
      'two instances need one PostgreSQL (TEST_DATABASE_URL) and one Redis (REDIS_URL) to share',
    );
    const shop = await startTwoInstances(adminUrl ?? '', redisUrl ?? '', [BASE_PORT + 70, BASE_PORT + 71]);
    try {
      // Staff have the board open; a guest has ordered and watches the order page. All of it is on A.
      await listenToSound(page);
      await openBoard(page, shop.origin);
      const first = await guestAtCheckout(browser, shop.origin, 'Anna Abend');
      const firstOrder = await placeOrder(first);
      await expect(card(page, firstOrder)).toHaveAttribute('data-ringing', 'true');
      await first.evaluate(() => sessionStorage.setItem('not-reloaded', 'yes'));
      // What the order page's sockets opened from now on (after A stops) receive.
      const orderSockets: string[][] = [];
      first.on('websocket', (socket) => {
        if (!socket.url().includes(`/api/ws/orders/${firstOrder}`)) return;
        const frames: string[] = [];
        orderSockets.push(frames);
        socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
      });
      // Staff have looked at it: it no longer rings on this board, so a chime from now on is a new order's.
      await card(page, firstOrder).click();
      const firstDialog = page.getByRole('dialog', { name: `Bestellung #${firstOrder}` });
      await firstDialog.getByRole('button', { name: 'Schließen' }).click();
      await expect(firstDialog).toBeHidden();
      await expect(card(page, firstOrder)).toHaveAttribute('data-ringing', 'false');
      const chimedBefore = await chimes(page);

      // A second guest is on the checkout, about to order.
      const second = await guestAtCheckout(browser, shop.origin, 'Bruno Spät');
      expect(socketsOf(shop, '/ws/admin/orders')).toEqual(['A']);
      expect(socketsOf(shop, `/ws/orders/${firstOrder}`)).toEqual(['A']);
      expect(new Set(shop.routes.map((route) => route.instance))).toEqual(new Set(['A']));

      // A goes away. While the checkout's status connection is being restored it holds "as soon as
      // possible" back (the shop counts as closed); once it hears B, the second guest orders, whether or
      // not the board is back yet.
      let statusHeardAgain = false;
      second.on('websocket', (socket) => {
        if (socket.url().includes('/api/ws/store/')) socket.once('framereceived', () => (statusHeardAgain = true));
      });
      await shop.a.stop(signal);
      await expect.poll(() => statusHeardAgain, { timeout: 20_000 }).toBe(true);
      await expect(second.getByRole('radio', { name: /So schnell wie möglich/ })).toBeChecked();
      const secondOrder = await placeOrder(second);

      // Both sockets came back through the balancer, to B; the board never lost its connection long
      // enough to alarm.
      await expect.poll(() => socketsOf(shop, '/ws/admin/orders'), { timeout: 20_000 }).toEqual(['A', 'B']);
      await expect(page.getByRole('status').filter({ hasText: 'Live verbunden' })).toBeVisible();
      await expect.poll(() => socketsOf(shop, `/ws/orders/${firstOrder}`), { timeout: 20_000 }).toEqual(['A', 'B']);

      // The board shows the order placed meanwhile, and rings for it.
      await expect(card(page, secondOrder)).toHaveAttribute('data-ringing', 'true');
      await expect.poll(() => chimes(page)).toBeGreaterThan(chimedBefore);
      await expect(page).toHaveTitle(/^\(2\) Admin Dashboard/);

      // Staff accept the first order; the first guest's page hears it over its new socket, without a reload.
      await expect.poll(() => orderSockets.at(-1)?.length ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
      await card(page, firstOrder).click();
      await firstDialog.getByRole('button', { name: '20', exact: true }).click();
      await firstDialog.getByRole('button', { name: 'Annehmen – in 20 Min.' }).click();
      await expect(firstDialog).toBeHidden();
      await expect(first.getByText('Das Restaurant hat Ihre Bestellung angenommen')).toBeVisible();
      expect(orderSockets.at(-1)?.some((frame) => frame.includes('"accepted"'))).toBe(true);
      expect(await first.evaluate(() => sessionStorage.getItem('not-reloaded'))).toBe('yes');

      // Each order is in the database once, and on the board once.
      expect(await shop.query<{ id: number; status: string }>('select id, status from orders order by id')).toEqual([
        { id: firstOrder, status: 'accepted' },
        { id: secondOrder, status: 'waiting' },
      ]);
      await expect(card(page, firstOrder)).toHaveCount(1);
      await expect(card(page, secondOrder)).toHaveCount(1);
      await expect(page.locator('[data-order-id]')).toHaveCount(2);
      expect(await alarms(page)).toBe(0);
      await Promise.all([first.context().close(), second.context().close()]);
    } finally {
      await shop.dispose();
    }
  });
}
