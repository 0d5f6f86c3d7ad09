import { expect, test, type Page } from '../support/test.ts';
import { chimes, listenToSound } from '../support/board-sound.ts';
import { placeGuestOrder } from '../support/orders.ts';
import { startOwnServer } from '../support/own-server.ts';
import { seriousA11yViolations, SHOP, signInStaff, staffHeaders } from '../support/shop.ts';

// A guest changes their mind on the phone before the restaurant answered: they cancel on the order's page
// (asked first), the kitchen's board hears of it at once and stops ringing; a later order, once accepted,
// shows the restaurant's phone number instead.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

// The staff login verifies an argon2id password, on purpose slowly.
test.describe.configure({ timeout: 120_000 });

function column(page: Page, name: string) {
  return page.getByRole('region', { name: new RegExp(`^${name}`) });
}

test('a guest cancels a waiting order on their phone; the board stops ringing; an accepted one shows the phone number', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the customer’s phone; the page’s layout is the phone’s');
  // A store of its own: orders other journeys left waiting would ring on the shared server's board too.
  const server = await startOwnServer(BASE_PORT + 104);
  const kitchen = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  try {
    const board = await kitchen.newPage();
    await listenToSound(board);
    await signInStaff(board, server.origin);
    await board.getByRole('button', { name: 'Schicht starten' }).click();
    await expect(board.getByRole('status').filter({ hasText: 'Live verbunden' })).toBeVisible();

    const order = await placeGuestOrder(request, server.origin, {
      name: 'Clara Umentschieden',
      phone: '+49 171 4445556',
      email: 'clara@example.com',
    });
    const onBoard = board.locator(`[data-order-id="${order.id}"]`);
    await expect(column(board, 'Neu').locator(`[data-order-id="${order.id}"]`)).toHaveAttribute('data-ringing', 'true');
    await expect.poll(() => chimes(board)).toBeGreaterThan(0);
    await expect(board).toHaveTitle(/^\(1\) Admin Dashboard/);

    await page.goto(`${server.origin}${SHOP}/order/${order.id}?token=${order.tracking_token ?? ''}`);
    await expect(page.getByText('Warten auf die Bestätigung des Restaurants')).toBeVisible();
    await page.getByRole('button', { name: 'Bestellung stornieren' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Bestellung wirklich stornieren?' });
    await expect(dialog).toContainText('Das Restaurant bereitet sie dann nicht zu.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Second thoughts about the second thoughts: nothing happens.
    await dialog.getByRole('button', { name: 'Nicht stornieren' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Warten auf die Bestätigung des Restaurants')).toBeVisible();

    await page.getByRole('button', { name: 'Bestellung stornieren' }).click();
    await dialog.getByRole('button', { name: 'Ja, stornieren' }).click();
    await expect(page.getByText('Sie haben Ihre Bestellung storniert')).toBeVisible();
    await expect(page.getByText('Es wurde nichts berechnet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bestellung stornieren' })).toBeHidden();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The board heard at once: out of "Neu", in today's done, said in words, and quiet.
    await expect(column(board, 'Heute erledigt').locator(`[data-order-id="${order.id}"]`)).toBeVisible({
      timeout: 2_000,
    });
    await expect(onBoard).toContainText('Vom Kunden storniert');
    await expect(onBoard).toHaveAttribute('data-ringing', 'false');
    await expect(board).toHaveTitle(/^Admin Dashboard/);
    const quietFrom = await chimes(board);
    // The chime repeats every 5 s while an order waits: none comes now.
    await board.waitForTimeout(6_000);
    expect(await chimes(board)).toBe(quietFrom);

    // Another order, accepted by the kitchen: no cancelling any more, the restaurant's number instead.
    const later = await placeGuestOrder(request, server.origin, {
      name: 'Clara Umentschieden',
      phone: '+49 171 4445556',
    });
    await page.goto(`${server.origin}${SHOP}/order/${later.id}?token=${later.tracking_token ?? ''}`);
    await expect(page.getByRole('button', { name: 'Bestellung stornieren' })).toBeVisible();
    const accepted = await request.post(`${server.origin}/api/admin/orders/${later.id}/accept`, {
      headers: await staffHeaders(request, server.origin),
      data: { eta_minutes: 25 },
    });
    expect(accepted.ok()).toBe(true);
    // The page follows live, without a reload.
    await expect(page.getByText('Das Restaurant hat Ihre Bestellung angenommen')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bestellung stornieren' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Fragen zu Ihrer Bestellung?' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^0\d[\d ]+$/ })).toHaveAttribute('href', /^tel:\+49\d+$/);

    // Too late over the API as well: the answer gives the number to call.
    const tooLate = await request.post(
      `${server.origin}/api/orders/${later.id}/cancel?token=${later.tracking_token ?? ''}`,
      { headers: { 'Accept-Language': 'de' } },
    );
    expect(tooLate.status()).toBe(409);
    expect(((await tooLate.json()) as { message: string }).message).toMatch(
      /^Das Restaurant hat Ihre Bestellung gerade angenommen\. Bitte rufen Sie an: /,
    );
  } finally {
    await kitchen.close();
    await server.dispose();
  }
});
