import { expect, test } from '../support/test.ts';
import { seriousA11yViolations, SHOP, signInStaff, STAFF } from '../support/shop.ts';

const RESTAURANT = 'Pizzeria Bella Napoli';

// Every login verifies an argon2id password on purpose slowly.
test.describe.configure({ timeout: 60_000 });

test('staff sign in, see the dashboard and this device, and sign out', async ({ page }) => {
  await page.goto(`${SHOP}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await expect(page).toHaveTitle(`Admin Login | ${RESTAURANT} Restaurant`);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The sign-in itself is this journey's subject, so it is typed here rather than by `signInStaff`.
  await page.getByLabel('E-Mail-Adresse').fill(STAFF.email);
  await page.getByLabel('Passwort').fill(STAFF.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/order-online\/admin\/home$/);
  // Orders other journeys left waiting are counted in front.
  await expect(page).toHaveTitle(new RegExp(`^(\\(\\d+\\) )?Admin Dashboard \\| ${RESTAURANT} Restaurant$`));
  // The orders board: the shift to start, today's figures, the columns, the live connection.
  await expect(page.getByRole('button', { name: 'Schicht starten' })).toBeVisible();
  await page.getByRole('button', { name: 'Tageszahlen' }).click();
  await expect(page.getByRole('heading', { name: 'Heute auf einen Blick' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Heute auf einen Blick' }).getByRole('button', { name: 'Schließen' }).click();
  // Gone, not only fading out: axe would read the fading figures' contrast.
  await expect(page.getByRole('dialog', { name: 'Heute auf einen Blick' })).toBeHidden();
  for (const column of ['Neu', 'In der Küche', 'Fertig / unterwegs', 'Heute erledigt'])
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${column}`) })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live verbunden' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // A reload keeps the device signed in: the refresh token is stored, the access token fetched anew.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  const navigation = page.getByRole('navigation', { name: 'Verwaltung' });
  // The orders board folds its navigation away at every width.
  await navigation.getByRole('button', { name: 'Menü' }).click();
  await navigation.getByRole('link', { name: 'Geräte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Geräte' })).toBeVisible();
  const thisDevice = page.getByRole('listitem').filter({ hasText: 'Dieses Gerät' });
  await expect(thisDevice).toHaveCount(1);
  await expect(thisDevice.getByText('Zuletzt genutzt')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('banner').getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();

  // Signed out, the back office's pages lead to the login.
  await page.goto(`${SHOP}/admin/home`);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/order-online\/admin$/);
});

test('a customer account is refused at the staff login', async ({ page, request }) => {
  const email = `customer-${test.info().project.name}-${Date.now()}@example.com`;
  const password = 'a-long-customer-password';
  const registered = await request.post('/api/register/customer', {
    data: { customer_name: 'Giulia Bianchi', email, password },
  });
  expect(registered.status()).toBe(201);

  await page.goto(`${SHOP}/admin`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();

  await expect(page.getByRole('alert')).toHaveText(
    'Dieses Konto gehört keinem Mitarbeiter. Bitte melden Sie sich im Shop an.',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('staff_session'))).toBeNull();
});

test('a mistyped back-office address says the page does not exist, inside the frame, and leads to the dashboard', async ({
  page,
}) => {
  await signInStaff(page);
  await page.goto(`${SHOP}/admin/xyz`);

  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page).toHaveTitle(`Seite nicht gefunden | ${RESTAURANT} Restaurant`);
  // The address stays as typed, so the person sees what was wrong with it.
  await expect(page).toHaveURL(/\/order-online\/admin\/xyz$/);
  await expect(
    page.getByText('Die Adresse /admin/xyz gibt es in der Verwaltung nicht.', { exact: false }),
  ).toBeVisible();
  // The back office's frame is there: its header and its menu.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Verwaltung' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Zum Admin Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/order-online\/admin\/home$/);
});
