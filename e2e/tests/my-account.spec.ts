import { readFile } from 'node:fs/promises';
import type { Order, PersonalDataExport } from '@pizzeria/domain';
import { expect, test, type APIRequestContext, type Page } from '../support/test.ts';
import { accountButton, logInOnPage, mailedLink, uniqueEmail } from '../support/accounts.ts';
import { placeGuestOrder, simpleProduct } from '../support/orders.ts';
import { openShop, seriousA11yViolations, SHOP, staffHeaders } from '../support/shop.ts';

// Registration, logins and every password check hash or verify an argon2id password, on purpose slowly.
test.describe.configure({ timeout: 120_000 });

/** A pickup order of the signed-in customer on `page`, placed as the checkout sends it; it waits on the board. */
async function placeCustomerOrder(page: Page, request: APIRequestContext): Promise<Order> {
  const token = await page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('userData') ?? '{}') as { access_token?: string }).access_token,
  );
  const product = await simpleProduct(request, '');
  const response = await request.post('/api/orders/', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      store_id: 13,
      order_type: 'pickup',
      items: [{ product_id: product.id, quantity: 1, extras: [] }],
      requested_time: 'asap',
      payment_method: 'cash',
      address: {
        type: 'shipping',
        customer_name: 'Lena Bianchi',
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

async function rejectOrder(request: APIRequestContext, id: number) {
  const response = await request.post(`/api/admin/orders/${id}/reject`, {
    headers: await staffHeaders(request),
    data: { reason: 'Heute keine Abholung möglich' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('a new customer confirms the address, changes name and password, downloads the data and deletes the account', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('rosa');
  const password = 'Steinofen-Margherita-77';
  const newPassword = 'Holzofen-Calzone-88';

  // Registered and signed in at once: nothing slows the first order.
  await openShop(page, '/register');
  await page.getByLabel('Name').fill('Rosa Rossi');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(accountButton(page, 'Rosa')).toBeVisible();

  await accountButton(page, 'Rosa').click();
  await page.getByRole('menuitem', { name: 'Mein Konto' }).click();
  await expect(page).toHaveURL(new RegExp(`${SHOP}/account$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
  const emailSection = page.getByRole('region', { name: 'E-Mail-Adresse' });
  await expect(emailSection.getByText(email)).toBeVisible();
  await expect(emailSection.getByText('Noch nicht bestätigt')).toBeVisible();

  // Another device cannot sign in before the address is confirmed, and is told what to do.
  const other = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const otherPage = await other.newPage();
  await openShop(otherPage, '/login');
  await logInOnPage(otherPage, email, password);
  await expect(otherPage.getByRole('alert')).toContainText('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.');
  await expect(otherPage.getByRole('alert')).toContainText('Öffnen Sie den Link in der E-Mail');

  // The link from the mail confirms it.
  await page.goto(await mailedLink(request, email, 'confirm-email'));
  await expect(page.getByText('Ihre E-Mail-Adresse ist bestätigt.')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Zu Mein Konto' }).click();
  await expect(emailSection.getByText('Bestätigt', { exact: true })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // A new name: saved, and the header follows.
  const profile = page.getByRole('region', { name: 'Persönliche Daten' });
  await profile.getByLabel('Name').fill('Lena Bianchi');
  await profile.getByRole('button', { name: 'Speichern' }).click();
  await expect(profile.getByRole('status')).toHaveText('Ihre Daten sind gespeichert.');
  await expect(accountButton(page, 'Lena')).toBeVisible();

  // Now the other device signs in; both are listed here.
  await logInOnPage(otherPage, email, password);
  await expect(accountButton(otherPage, 'Lena')).toBeVisible();
  await page.reload();
  const devices = page.getByRole('region', { name: 'Angemeldete Geräte' });
  await expect(devices.getByRole('button', { name: /abmelden$/ })).toHaveCount(2);
  await expect(devices.getByText('Dieses Gerät')).toBeVisible();
  // Named as people know them, not by the raw user agent.
  await expect(devices.getByRole('listitem').first()).toContainText(/^Chrome · (Android|Windows|Linux|Mac)/);

  // A new password signs the other device out; this one goes on.
  const passwords = page.getByRole('region', { name: 'Passwort ändern' });
  await passwords.getByLabel('Aktuelles Passwort').fill(password);
  await passwords.getByLabel('Neues Passwort').fill(newPassword);
  await passwords.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(passwords.getByRole('status')).toContainText('Alle anderen Geräte wurden abgemeldet');
  await expect(devices.getByText('Keine weiteren Geräte.')).toBeVisible();
  await openShop(otherPage, '/account');
  await expect(otherPage).toHaveURL(new RegExp(`${SHOP}/login/account$`));
  await other.close();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
  await expect(accountButton(page, 'Lena')).toBeVisible();

  // The data, in one tap, as a JSON file.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^meine-daten-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as PersonalDataExport;
  expect(data.profile).toMatchObject({ email, customer_name: 'Lena Bianchi' });
  expect(data.profile?.email_confirmed_at).toBeTruthy();
  // Every device the account signed in on, the one signed out by the password change too.
  expect(data.sessions.filter((session) => session.revoked_at === null)).toHaveLength(1);
  expect(data.sessions).toHaveLength(2);

  // Deleting: an open order blocks it, with the reason; once it is done, the account goes.
  const order = await placeCustomerOrder(page, request);
  await page.getByRole('button', { name: 'Konto löschen …' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Konto wirklich löschen?' });
  await expect(dialog).toContainText('Bestellungen bleiben für die Buchhaltung erhalten');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByLabel('Aktuelles Passwort').fill(newPassword);
  await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(dialog.getByRole('alert')).toContainText('offene Bestellung');

  await rejectOrder(request, order.id);
  await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ihr Konto ist gelöscht' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('userData'))).toBeNull();

  await openShop(page, '/login');
  await logInOnPage(page, email, newPassword);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(accountButton(page, 'Lena')).toHaveCount(0);
});

test('a guest downloads and erases the data of an order by its tracking link', async ({ page, request }) => {
  const name = `Gast ${test.info().project.name} ${Date.now()}`;
  const order = await placeGuestOrder(request, '', { name, phone: '+4930987654', email: uniqueEmail('gast') });
  await openShop(page, `/order/${order.id}?token=${order.tracking_token ?? ''}`);
  const mine = page.getByRole('region', { name: 'Ihre Daten' });
  await expect(mine).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await mine.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
  const data = JSON.parse(await readFile(await (await downloading).path(), 'utf8')) as PersonalDataExport;
  expect(data.profile).toBeNull();
  expect(data.orders).toHaveLength(1);
  expect(JSON.stringify(data.orders[0])).toContain(name);

  // The order still waits: erasing is refused with the reason.
  const erase = async () => {
    await mine.getByRole('button', { name: 'Meine Daten löschen' }).click();
    await page
      .getByRole('alertdialog', { name: 'Ihre Daten löschen?' })
      .getByRole('button', { name: 'Daten löschen' })
      .click();
  };
  await erase();
  await expect(mine.getByRole('alert')).toBeVisible();

  await rejectOrder(request, order.id);
  await erase();
  await expect(mine.getByRole('status')).toContainText('Was noch gespeichert ist');
  await expect(page.getByText(name)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: `Bestellung Nr. ${order.id}` })).toBeVisible();
});
