import { expect, test } from '../support/test.ts';
import { openStaffWindow, openShop, seriousA11yViolations } from '../support/shop.ts';

// Staff create a voucher on the page "Gutscheine"; a guest on a phone enters it in the cart, sees at once
// what it takes off, gets words for a wrong code, and orders: the order page shows the voucher line and
// the lower total the cart promised.

/** A code of this run: the journeys share one database. */
const code = `WILLKOMMEN-${Date.now().toString(36).toUpperCase()}`;

/** The figure beside a totals label (`dt` → its `dd`), spaces as plain spaces. */
const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();

test('staff create a voucher, a guest redeems it in the cart and orders with it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a journey on the phone, where customers order');

  const origin = baseURL ?? '';
  const staff = await openStaffWindow(browser, page, origin);
  await staff.goto(`${origin}/order-online/admin/vouchers`);
  await expect(staff.getByRole('heading', { level: 1, name: 'Gutscheine' })).toBeVisible();
  await staff.getByRole('button', { name: 'Gutschein anlegen' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Neuer Gutschein' });
  await dialog.getByRole('radio', { name: 'Betrag' }).check();
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase().replace('-', ' -'));
  await dialog.getByRole('textbox', { name: 'Code' }).press('Enter');
  // A code with a space and no amount: each error in words under its field, nothing sent.
  await expect(dialog.getByText('Nur Buchstaben, Ziffern und Bindestriche (keine Leerzeichen).')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
  await dialog.getByRole('textbox', { name: 'Betrag von der Ware' }).fill('2,50');
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText(`${code} angelegt.`)).toBeVisible();
  const row = staff.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: code }) });
  await expect(row).toContainText('2,50 €');
  await expect(row.getByRole('switch', { name: `${code} aktiv` })).toBeChecked();
  expect(await seriousA11yViolations(staff)).toEqual([]);
  await staff.context().close();

  await openShop(page);
  await page.getByRole('button', { name: 'Pizza Margherita auswählen' }).click();
  const options = page.getByRole('dialog', { name: /^Pizza Margherita/ });
  await options.getByRole('radio', { name: /Groß/ }).check();
  await options.getByRole('button', { name: /Hinzufügen/ }).click();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Warenkorb, 1 Artikel/ })
    .click();
  const cart = page.getByRole('dialog', { name: 'Ihr Warenkorb' });
  await cart.getByRole('radio', { name: 'Abholung' }).check();
  const checkout = cart.getByRole('button', { name: /Zur Kasse/ }).or(cart.getByRole('link', { name: /Zur Kasse/ }));
  const before = spaced(await checkout.textContent());

  await cart.getByRole('button', { name: 'Gutscheincode eingeben' }).click();
  const field = cart.getByRole('textbox', { name: 'Gutscheincode' });
  await field.fill('GIBTSNICHT');
  await cart.getByRole('button', { name: 'Einlösen' }).click();
  await expect(cart.getByRole('alert')).toHaveText('Diesen Gutscheincode gibt es nicht (oder nicht mehr).');
  await field.fill(code.toLowerCase());
  await cart.getByRole('button', { name: 'Einlösen' }).click();
  await expect(cart.getByText('Sie sparen 2,50 €.')).toBeVisible();
  const line = cart.getByRole('term').filter({ hasText: new RegExp(`^Gutschein ${code}$`) });
  await expect(line).toBeVisible();
  expect(spaced(await line.locator('xpath=following-sibling::dd').textContent())).toBe('−2,50 €');
  await expect(checkout).not.toHaveText(before);
  const total = /Zur Kasse · (.+)$/.exec(spaced(await checkout.textContent()))?.[1] ?? '';
  expect(total).not.toBe('');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await checkout.click();
  await page.getByRole('link', { name: 'Als Gast fortfahren' }).click();
  await page.getByLabel('Name').fill('Gustav Gutschein');
  await page.getByLabel('Telefon').fill('030 5556677');
  await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();
  await expect(page.getByText('Sie sparen 2,50 €.')).toBeVisible();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();

  await expect(page).toHaveURL(/\/order-online\/order\/\d+\?token=/);
  const main = page.getByRole('main');
  const ordered = main.getByRole('term').filter({ hasText: new RegExp(`^Gutschein ${code}$`) });
  await expect(ordered).toBeVisible();
  expect(spaced(await ordered.locator('xpath=following-sibling::dd').textContent())).toBe('−2,50 €');
  const charged = main.getByRole('term').filter({ hasText: /^Gesamt$/ });
  expect(spaced(await charged.locator('xpath=following-sibling::dd').textContent())).toBe(total);
});
