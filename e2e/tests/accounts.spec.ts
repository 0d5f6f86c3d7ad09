import { expect, test, type APIRequestContext } from '../support/test.ts';
import type { Product } from '@pizzeria/domain';
import { buildCartItem } from '@pizzeria/domain';
import { accountButton, logInOnPage, mailedLink, uniqueEmail } from '../support/accounts.ts';
import { openShop, seriousA11yViolations, SHOP } from '../support/shop.ts';

const RESTAURANT = 'Pizzeria Bella Napoli';

// Every registration and login hashes or verifies an argon2id password on purpose slowly; a journey does several.
test.describe.configure({ timeout: 60_000 });

async function createAccount(request: APIRequestContext, email: string, password: string, name = 'Giulia Bianchi') {
  const response = await request.post('/api/register/customer', {
    data: { customer_name: name, email, password },
  });
  expect(response.status()).toBe(201);
}

test('a new customer registers, logs out, confirms the address, logs in again and logs out', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('erika');
  const password = 'Steinofen-Margherita-77';
  await openShop(page, '/register');
  await expect(page).toHaveTitle(`Registrieren | ${RESTAURANT} Restaurant`);
  await expect(page.getByText('Mindestens 8 Zeichen und kein häufig verwendetes Passwort.')).toBeVisible();

  await page.getByLabel('Name').fill('Erika Mustermann');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill('kurz');
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeVisible();
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Konto anlegen' }).click();

  // Registered and logged in: back on the shop's home with the name in the header.
  await expect(accountButton(page, 'Erika')).toBeVisible();
  await expect(page).toHaveURL(/\/order-online\/?$/);
  await accountButton(page, 'Erika').click();
  await expect(page.getByRole('menuitem', { name: 'Meine Bestellungen' })).toHaveAttribute('href', `${SHOP}/orders`);
  await expect(page.getByRole('menuitem', { name: 'Adressen' })).toHaveAttribute('href', `${SHOP}/update-address`);
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();

  await page.getByRole('link', { name: 'Anmelden' }).click();
  await expect(page).toHaveTitle(`Anmelden | ${RESTAURANT} Restaurant`);
  await logInOnPage(page, email, 'falsches-passwort');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);

  // The address is not confirmed yet: the right password is refused with what to do, and the link comes again.
  await logInOnPage(page, email, password);
  await expect(page.getByRole('alert')).toContainText('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.');
  await page.goto(await mailedLink(request, email, 'confirm-email'));
  await expect(page.getByText('Ihre E-Mail-Adresse ist bestätigt.')).toBeVisible();
  await page.goto(`${SHOP}/login`);

  await logInOnPage(page, email, password);
  await expect(accountButton(page, 'Erika')).toBeVisible();
  await expect(page).toHaveURL(/\/order-online\/?$/);
  const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('userData') ?? 'null') as unknown);
  expect(session).toMatchObject({ user: { customer_name: 'Erika Mustermann', email } });

  await accountButton(page, 'Erika').click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('userData'))).toBeNull();
});

test('a registered email cannot be registered twice', async ({ page, request }) => {
  const email = uniqueEmail('twice');
  await createAccount(request, email, 'Steinofen-Margherita-77');
  await openShop(page, '/register');
  await page.getByLabel('Name').fill('Noch Jemand');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill('Anderes-Passwort-55');
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.getByText('Zu dieser E-Mail-Adresse gibt es schon ein Konto.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Noch Jemand');
});

test('a forgotten password is reset through the emailed link, which works once', async ({ page, request }) => {
  const email = uniqueEmail('giulia');
  await createAccount(request, email, 'Altes-Passwort-2024');

  await openShop(page, '/login');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveTitle(`Passwort vergessen | ${RESTAURANT} Restaurant`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByRole('status')).toContainText('Bitte prüfen Sie Ihr Postfach');

  const link = await mailedLink(request, email, 'reset-password');
  await page.goto(link);
  await expect(page).toHaveTitle(`Passwort zurücksetzen | ${RESTAURANT} Restaurant`);
  await page.getByLabel('Neues Passwort', { exact: true }).fill('Neues-Passwort-2025');
  await page.getByLabel('Neues Passwort wiederholen').fill('Neues-Passwort-2025');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();

  await expect(page.getByRole('status')).toContainText('Ihr Passwort wurde geändert.');
  await expect(page).toHaveURL(/\/login\?reset=done$/);
  await logInOnPage(page, email, 'Altes-Passwort-2024');
  await expect(page.getByRole('alert')).toBeVisible();
  await logInOnPage(page, email, 'Neues-Passwort-2025');
  await expect(accountButton(page, 'Giulia')).toBeVisible();

  // The same link a second time: refused, with a way to ask for a new one.
  await page.goto(link);
  await page.getByLabel('Neues Passwort', { exact: true }).fill('Noch-ein-Passwort-9');
  await page.getByLabel('Neues Passwort wiederholen').fill('Noch-ein-Passwort-9');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('alert')).toContainText('Dieser Link ist ungültig oder abgelaufen.');
  await expect(page.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute(
    'href',
    `${SHOP}/forgot-password`,
  );
});

test('checkout from the cart asks a visitor to log in or continue as a guest', async ({ page, request }) => {
  const products = (await (await request.get('/api/products/?store_id=13')).json()) as Product[];
  const pizza = products.find((candidate) => candidate.type === 'variable');
  if (!pizza) throw new Error('the demo menu has no pizza with sizes');
  const item = buildCartItem(pizza, { variantId: pizza.variants[0]?.id ?? null, extras: [], quantity: 1 });

  await openShop(page);
  await page.evaluate((stored) => {
    localStorage.setItem('cartItems', JSON.stringify([stored]));
    localStorage.setItem('order_type', JSON.stringify('pickup'));
  }, item);
  await page.reload();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Warenkorb/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Ihr Warenkorb' })
    .getByRole('button', { name: /Zur Kasse/ })
    .click();

  const dialog = page.getByRole('dialog', { name: 'Wie möchten Sie bestellen?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Jetzt registrieren' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('link', { name: 'Als Gast fortfahren' }).click();
  await expect(page).toHaveURL(/\/order-online\/guest-login$/);
  await expect(dialog).toBeHidden();
});

test('the login page has no serious accessibility problems, in German and English', async ({ page }) => {
  await openShop(page, '/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen zurück' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`Login | ${RESTAURANT} Restaurant`);
  await page.getByLabel('Email address').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
