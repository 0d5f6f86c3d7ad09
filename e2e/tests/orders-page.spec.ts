import { expect, test } from '../support/test.ts';
import { placeGuestOrder } from '../support/orders.ts';
import { usePayPalServer } from '../support/paypal-server.ts';
import { seriousA11yViolations, signInStaff, staffHeaders } from '../support/shop.ts';

// "Bestellungen": a customer calls about an order; staff find it by phone or name, narrow the list by
// payment method and open it with its history. Its own server (with the local PayPal double, so that an
// order can be paid with PayPal): the list shows every order, and the journeys' shared server has many.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

// The staff login verifies an argon2id password, on purpose slowly.
test.describe.configure({ timeout: 90_000 });

const shop = usePayPalServer(BASE_PORT + 80);

test('staff find an order by phone and by name, filter by payment and open it with its history', async ({
  page,
  request,
}) => {
  const hanna = await placeGuestOrder(request, shop.server.origin, {
    name: 'Hanna Hausmann',
    phone: '0171 2223334',
    email: 'hanna@example.com',
  });
  await placeGuestOrder(
    request,
    shop.server.origin,
    { name: 'Piet Pfeffer', phone: '+49 160 9998877', email: 'piet@example.com' },
    { paymentMethod: 'paypal' },
  );
  const accepted = await request.post(`${shop.server.origin}/api/admin/orders/${hanna.id}/accept`, {
    headers: await staffHeaders(request, shop.server.origin),
    data: { eta_minutes: 30 },
  });
  expect(accepted.ok()).toBe(true);

  await signInStaff(page, shop.server.origin);
  const navigation = page.getByRole('navigation', { name: 'Verwaltung' });
  // The orders board folds its navigation away at every width.
  await navigation.getByRole('button', { name: 'Menü' }).click();
  await navigation.getByRole('link', { name: 'Bestellungen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Bestellungen, die neuesten zuerst' });
  // Rows by whom they are for: on a phone the heading row is hidden and each order is a card.
  const hannasRow = table.getByRole('row', { name: /Hanna Hausmann/ });
  const pietsRow = table.getByRole('row', { name: /Piet Pfeffer/ });
  await expect(hannasRow).toBeVisible();
  await expect(pietsRow).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The customer reads their number out the way they say it.
  const search = page.getByRole('searchbox', { name: 'Suche' });
  await search.fill('+49 171 222 3334');
  await expect(pietsRow).toBeHidden();
  await expect(hannasRow).toBeVisible();

  await search.fill('pfeffer');
  await expect(hannasRow).toBeHidden();
  await expect(pietsRow).toBeVisible();

  await search.fill('');
  await expect(hannasRow).toBeVisible();
  const paymentMethod = page.getByRole('combobox', { name: 'Zahlungsart' });
  await paymentMethod.selectOption({ label: 'PayPal' });
  await expect(hannasRow).toBeHidden();
  await expect(pietsRow).toBeVisible();
  await expect(page).toHaveURL(/payment_method=paypal/);
  await paymentMethod.selectOption({ label: 'Bar' });
  await expect(pietsRow).toBeHidden();
  await expect(hannasRow).toBeVisible();

  await page.getByRole('button', { name: `Bestellung #${hanna.id} öffnen` }).click();
  const dialog = page.getByRole('dialog', { name: `Bestellung #${hanna.id}` });
  await expect(dialog.getByRole('heading', { name: 'Verlauf' })).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Wartet' })).toContainText('Gast');
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Angenommen' })).toBeVisible();
  await expect(dialog).toContainText('Barzahlung');
  await expect(page).toHaveURL(new RegExp(`order=${hanna.id}`));

  // The back button closes the order and leaves the filter as it was.
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(paymentMethod).toHaveValue('cash');
  await expect(pietsRow).toBeHidden();
});
