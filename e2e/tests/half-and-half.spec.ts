import { expect, test, type APIRequestContext } from '../support/test.ts';
import { buildHalfAndHalfItem, formatMoney, type Product } from '@pizzeria/domain';
import { openShop, seriousA11yViolations } from '../support/shop.ts';

// A customer on a phone orders one large pizza, half Salami and half Funghi with anchovies on the Funghi
// half: the dialog shows the price before adding (the dearer half's price plus half of each half's
// extras), the cart and the order page name both halves, and the server charges the same.

const euro = (cents: number) => formatMoney(cents, 'de-DE', 'EUR');

async function menu(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get('/api/products/?store_id=13', { headers: { 'Accept-Language': 'de' } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product[];
}

function dish(products: Product[], name: string): Product {
  const found = products.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${name} is not on the menu`);
  return found;
}

const large = (product: Product) => product.variants.find((variant) => /Groß/.test(variant.name))?.id ?? null;
const toppingId = (product: Product, name: string) =>
  product.enriched_topping_groups.flatMap((group) => group.toppings).find((topping) => topping.name === name)?.id ?? 0;

test('a guest orders a pizza half Salami, half Funghi with anchovies on one half, and sees both halves to the end', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a journey on the phone, where customers order');
  const products = await menu(request);
  const salami = dish(products, 'Pizza Salami');
  const funghi = dish(products, 'Pizza Funghi');
  const expected = buildHalfAndHalfItem(
    { product: salami, variantId: large(salami), extras: [] },
    { product: funghi, variantId: large(funghi), extras: [{ id: toppingId(funghi, 'Sardellen'), quantity: 1 }] },
    1,
  );
  const name = '½ Pizza Salami | ½ Pizza Funghi (Groß Ø 36 cm)';

  await openShop(page);
  await page.getByRole('button', { name: 'Pizza Salami auswählen' }).click();
  // The dialog's name is its title, which turns into the halves' name once both are chosen.
  const options = page.getByRole('dialog');
  await expect(options).toHaveAccessibleName(/^Pizza Salami/);
  await options.getByRole('radio', { name: /Groß/ }).check();
  await options.getByRole('radio', { name: 'Halb & halb' }).check();
  const second = options.getByRole('combobox', { name: '2. Hälfte' });
  await expect(options.getByRole('button', { name: /Hinzufügen/ })).toBeDisabled();
  await second.selectOption({ label: `Pizza Funghi – ${euro(1400)}` });
  await expect(options.getByRole('heading', { name })).toBeVisible();
  await expect(options).toHaveAccessibleName(name);

  const funghiHalf = options.getByRole('region', { name: /2\. Hälfte: Pizza Funghi/ });
  await funghiHalf.getByRole('checkbox', { name: /Sardellen/ }).check();
  await expect(
    options.getByRole('region', { name: /1\. Hälfte: Pizza Salami/ }).getByRole('checkbox', { name: /Sardellen/ }),
  ).not.toBeChecked();
  // 14,50 € (Salami, the dearer) + half of 2,00 €
  expect(expected.price).toBe(1550);
  await expect(options.getByRole('button', { name: /Hinzufügen/ })).toContainText(euro(1550));
  await expect(options.getByText('Der teurere Grundpreis plus die Hälfte der Extras je Hälfte')).toBeVisible();
  await expect(options.getByRole('region', { name: 'Allergene und Zusatzstoffe beider Hälften' })).toContainText(
    'Fisch (d)',
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  await options.getByRole('button', { name: /Hinzufügen/ }).click();

  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Warenkorb, 1 Artikel/ })
    .click();
  const cart = page.getByRole('dialog', { name: 'Ihr Warenkorb' });
  await expect(cart.getByText(name)).toBeVisible();
  const halves = cart.getByRole('list', { name: 'Die beiden Hälften' });
  await expect(halves.getByText('½ Pizza Salami')).toBeVisible();
  await expect(halves.getByText('½ Pizza Funghi')).toBeVisible();
  await expect(halves.getByText('Sardellen')).toBeVisible();
  await cart.getByRole('radio', { name: 'Abholung' }).check();
  await cart
    .getByRole('button', { name: /Zur Kasse/ })
    .or(cart.getByRole('link', { name: /Zur Kasse/ }))
    .click();
  await page.getByRole('link', { name: 'Als Gast fortfahren' }).click();
  await page.getByLabel('Name').fill('Anna Muster');
  await page.getByLabel('Telefon').fill('030123456');
  await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();

  await expect(page).toHaveURL(/\/order-online\/order\/\d+\?token=/);
  const lines = page.getByRole('main').getByRole('list', { name: 'Bestellte Gerichte' });
  await expect(lines.getByText(`1 × ${name}`)).toBeVisible();
  const ordered = lines.getByRole('list', { name: 'Die beiden Hälften' });
  await expect(ordered.getByText('½ Pizza Funghi')).toBeVisible();
  await expect(ordered.getByText('Sardellen')).toBeVisible();
  // The server charged the price the dialog showed.
  await expect(lines).toContainText(euro(1550));
});
