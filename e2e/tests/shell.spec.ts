import { expect, test } from '../support/test.ts';
import { openShop, seriousA11yViolations } from '../support/shop.ts';

const RESTAURANT = 'Pizzeria Bella Napoli';

test('the shop opens with the restaurant’s bare name as its title', async ({ page }) => {
  await openShop(page);
  await expect(page).toHaveTitle(RESTAURANT);
  await expect(page.getByRole('link', { name: `${RESTAURANT} – zur Startseite` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/order-online/login');
});

test('a visitor switches to English, keeps it after a reload and switches back', async ({ page }) => {
  await openShop(page);
  const language = page.getByRole('combobox', { name: 'Sprache' });
  await language.selectOption('en');

  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose postcode' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Help & contact' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hilfe & Kontakt' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('the privacy policy opens from the footer in a new tab', async ({ page, context }) => {
  await openShop(page);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(`© ${new Date().getFullYear()} ${RESTAURANT}`)).toBeVisible();
  const link = footer.getByRole('link', { name: /Datenschutz & Impressum/ });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);

  const [policy] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(policy).toHaveURL(/\/order-online\/privacypolicy$/);
  await expect(policy.getByRole('heading', { level: 1, name: 'Datenschutz & Impressum' })).toBeVisible();
  await expect(policy).toHaveTitle(`Datenschutzerklärung | ${RESTAURANT} Restaurant`);
  await expect(policy.getByRole('heading', { name: '8. Beschwerderecht bei der Aufsichtsbehörde' })).toBeVisible();
  await expect(policy.getByText(/Berliner Beauftragte für Datenschutz/)).toBeVisible();
  await expect(policy.getByText(/keine Werbe- oder Analyse-Cookies/)).toBeVisible();
});

test('the support page tells how to reach the restaurant and when it is open', async ({ page }) => {
  await openShop(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Hilfe & Kontakt' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Hilfe & Kontakt' })).toBeVisible();
  await expect(page).toHaveTitle(`Support | ${RESTAURANT} Restaurant`);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /^\+49 30/ })).toHaveAttribute('href', /^tel:\+4930/);
  await expect(main.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(main.getByText(/10999 Berlin/)).toBeVisible();

  const hours = page.getByRole('table').filter({ has: page.getByRole('rowheader', { name: 'Montag' }) });
  await expect(hours.getByRole('row', { name: /Montag/ })).toContainText(/\d{2}:\d{2}–\d{2}:\d{2} Uhr/);
  await expect(hours.getByRole('rowheader')).toHaveCount(7);

  await expect(page.getByRole('table').filter({ hasText: '10117' })).toContainText('3,50 €');
  await page.getByText('Wie kann ich bezahlen?').click();
  await expect(page.getByText(/Sie bezahlen bar/)).toBeVisible();

  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Help & contact' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Monday' })).toBeVisible();
});

test('a signed-in customer sees their first name and logs out', async ({ page }) => {
  await openShop(page);
  await page.evaluate(() => {
    sessionStorage.setItem(
      'userData',
      JSON.stringify({
        access_token: 'test-token',
        user: { customer_name: 'Maria Rossi', email: 'maria@example.com' },
      }),
    );
    localStorage.setItem('cartItems', '[]');
  });
  await page.reload();

  const account = page.getByRole('button', { name: 'Kundenkonto Maria' });
  await expect(account).toBeVisible();
  await expect(page.getByRole('link', { name: 'Anmelden' })).toHaveCount(0);
  await account.click();
  await expect(page.getByText('Maria Rossi')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();

  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(page).toHaveURL(/\/order-online\/?$/);
  expect(await page.evaluate(() => [sessionStorage.getItem('userData'), localStorage.getItem('cartItems')])).toEqual([
    null,
    null,
  ]);
});

test('an unknown address shows the not-found page under the bare name', async ({ page }) => {
  await openShop(page, '/no-such-page');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page).toHaveTitle(RESTAURANT);
  await page.getByRole('link', { name: 'Zur Speisekarte' }).click();
  await expect(page).toHaveURL(/\/order-online\/?$/);
});

test('the menu page has no serious accessibility problems', async ({ page }) => {
  await openShop(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('the support page and the postcode picker have no serious accessibility problems', async ({ page }) => {
  await openShop(page, '/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Hilfe & Kontakt' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('banner').getByRole('button', { name: 'Postleitzahl wählen' }).click();
  await expect(page.getByRole('dialog', { name: 'Wohin dürfen wir liefern?' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
