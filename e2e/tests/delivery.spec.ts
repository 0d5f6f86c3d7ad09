import { expect, test } from '../support/test.ts';
import { openShop, reloadWithStored } from '../support/shop.ts';

test('a visitor picks a postcode with the keyboard and the shop remembers it', async ({ page }) => {
  await openShop(page);
  await page.getByRole('banner').getByRole('button', { name: 'Postleitzahl wählen' }).click();

  const picker = page.getByRole('dialog', { name: 'Wohin dürfen wir liefern?' });
  await expect(picker).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Standort bestätigen' });
  await expect(confirm).toBeDisabled();

  const postcode = page.getByRole('combobox', { name: 'Postleitzahl' });
  await postcode.pressSequentially('1099');
  const options = page.getByRole('option');
  await expect(options).toHaveText([/^10997.*Gratis$/, /^10999.*Gratis$/]);
  await postcode.press('ArrowDown');
  await postcode.press('Enter');
  await expect(postcode).toHaveValue('10997');
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(picker).toBeHidden();
  const chip = page.getByRole('button', { name: /^Lieferung nach 10997 Berlin – Postleitzahl ändern$/ });
  await expect(chip).toBeVisible();
  await expect(chip).toContainText('10997 Berlin');

  await page.reload();
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(page.getByRole('combobox', { name: 'Postleitzahl' })).toHaveValue('10997');
});

test('text that is not exactly a listed postcode cannot be confirmed', async ({ page }) => {
  await openShop(page);
  await page.getByRole('banner').getByRole('button', { name: 'Postleitzahl wählen' }).click();
  const postcode = page.getByRole('combobox', { name: 'Postleitzahl' });
  const confirm = page.getByRole('button', { name: 'Standort bestätigen' });

  // While the list is open the rest of the dialog is hidden from assistive technology: Escape closes it.
  await postcode.fill('10117');
  await postcode.press('Escape');
  await expect(confirm).toBeEnabled();
  await postcode.press('Backspace');
  await postcode.press('Tab');
  await expect(postcode).toHaveValue('1011');
  await expect(confirm).toBeDisabled();

  await postcode.fill('99999');
  await expect(page.getByText('Keine Postleitzahlen gefunden für „99999“')).toBeVisible();
  await postcode.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(confirm).toBeDisabled();

  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Postleitzahl wählen' })).toBeVisible();
});

test('for pickup the postcode chip is not shown', async ({ page }) => {
  await openShop(page);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Postleitzahl wählen' })).toBeVisible();
  await reloadWithStored(page, 'order_type', 'pickup');
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Postleitzahl/ })).toHaveCount(0);
});

test('a stored postcode that cannot be read is ignored', async ({ page }) => {
  await openShop(page);
  await page.evaluate(() => localStorage.setItem('postcode-data', '{"postcode": 10115'));
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Postleitzahl wählen' })).toBeVisible();
});
