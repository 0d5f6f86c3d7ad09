import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test.ts';
import {
  buildCartItem,
  computeTotals,
  formatMoney,
  lineTotal,
  toCents,
  type CartItem,
  type Discount,
  type Postcode,
  type Product,
} from '@pizzeria/domain';
import { keepDeliveryCart, openShop, reloadWithStored, seriousA11yViolations, staffHeaders } from '../support/shop.ts';

interface Catalogue {
  products: Product[];
  discounts: Discount[];
  postcodes: Postcode[];
}

async function catalogue(request: APIRequestContext): Promise<Catalogue> {
  const get = async <T>(path: string) => {
    const response = await request.get(path, { headers: { 'Accept-Language': 'de' } });
    expect(response.ok()).toBe(true);
    return (await response.json()) as T;
  };
  return {
    products: await get<Product[]>('/api/products/?store_id=13'),
    discounts: await get<Discount[]>('/api/discounts/13'),
    postcodes: await get<Postcode[]>('/api/postcodes/store/13'),
  };
}

const euro = (cents: number) => formatMoney(cents, 'de-DE', 'EUR');

function product(data: Catalogue, name: string): Product {
  const found = data.products.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${name} is not on the menu`);
  return found;
}

function choice(item: Product, size: RegExp | null, toppings: string[], quantity = 1): CartItem {
  const variantId = size ? (item.variants.find((variant) => size.test(variant.name))?.id ?? null) : null;
  const extras = item.enriched_topping_groups
    .flatMap((group) => group.toppings)
    .filter((topping) => toppings.includes(topping.name))
    .map((topping) => ({ id: topping.id, quantity: 1 }));
  return buildCartItem(item, { variantId, extras, quantity });
}

const percent = (data: Catalogue, code: Discount['code']) =>
  data.discounts.find((discount) => discount.code === code)?.value ?? 0;

async function openCart(page: Page, items: number): Promise<Locator> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`^Warenkorb, ${items} Artikel`) })
    .click();
  const cart = page.getByRole('dialog', { name: 'Ihr Warenkorb' });
  await expect(cart).toBeVisible();
  return cart;
}

test('a guest orders a pizza their way, edits it in the cart and finds it all again after a reload', async ({
  page,
  request,
}) => {
  const data = await catalogue(request);
  const margherita = product(data, 'Pizza Margherita');
  const cola = product(data, 'Cola 0,33 l');
  const area = data.postcodes.find((entry) => entry.postcode === '10117');
  if (!area) throw new Error('10117 is not a delivery area');

  await openShop(page);
  await page.getByRole('button', { name: 'Pizza Margherita auswählen' }).click();
  const options = page.getByRole('dialog', { name: /^Pizza Margherita/ });
  await options.getByRole('radio', { name: /Groß/ }).check();
  await expect(options.getByRole('heading', { name: 'Pizza Margherita (Groß Ø 36 cm)' })).toBeVisible();
  await options.getByRole('checkbox', { name: /Rucola/ }).check();
  await options.getByRole('checkbox', { name: /Sardellen/ }).check();
  await expect(options.getByRole('region', { name: 'Allergene und Zusatzstoffe Ihrer Auswahl' })).toContainText(
    'Fisch (d)',
  );
  const large = choice(margherita, /Groß/, ['Rucola', 'Sardellen']);
  await expect(options.getByRole('button', { name: /Hinzufügen/ })).toContainText(euro(lineTotal(large)));
  await options.getByRole('button', { name: /Hinzufügen/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'hinzugefügt' })).toHaveText(
    'Pizza Margherita (Groß Ø 36 cm) zum Warenkorb hinzugefügt',
  );
  await page.getByRole('button', { name: 'Cola 0,33 l in den Warenkorb legen' }).click();

  const cart = await openCart(page, 2);
  await cart.getByRole('button', { name: 'Postleitzahl wählen' }).click();
  const picker = page.getByRole('dialog', { name: 'Wohin dürfen wir liefern?' });
  const postcode = picker.getByRole('combobox', { name: 'Postleitzahl' });
  await postcode.pressSequentially('10117');
  await postcode.press('ArrowDown');
  await postcode.press('Enter');
  await picker.getByRole('button', { name: 'Standort bestätigen' }).click();
  await expect(cart).toBeVisible();
  await expect(cart).toContainText('Lieferung nach 10117');

  await cart.getByRole('button', { name: 'Pizza Margherita (Groß Ø 36 cm) bearbeiten' }).click();
  const edit = page.getByRole('dialog', { name: /^Pizza Margherita/ });
  await expect(edit.getByRole('radio', { name: /Groß/ })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: /Sardellen/ })).toBeChecked();
  await edit.getByRole('radio', { name: /Mittel/ }).check();
  await edit.getByRole('checkbox', { name: /Sardellen/ }).uncheck();
  await edit.getByRole('button', { name: /Speichern/ }).click();
  await expect(cart).toBeVisible();
  await expect(cart.getByText('Pizza Margherita (Mittel Ø 30 cm)')).toBeVisible();
  await expect(cart.getByText('Pizza Margherita (Groß Ø 36 cm)')).toBeHidden();

  const items = [choice(margherita, /Mittel/, ['Rucola']), choice(cola, null, [])];
  const delivery = computeTotals({
    items,
    discountPercent: percent(data, 'DELIVERY_DISCOUNT'),
    deliveryFee: toCents(area.delivery_fee),
  });
  // The cola's deposit is named under its line and added after the discount (decision 016).
  expect(delivery.deposit).toBeGreaterThan(0);
  await expect(cart.getByText(`zzgl. ${euro(delivery.deposit)} Pfand`)).toBeVisible();
  await expect(cart.getByRole('definition')).toHaveText([
    euro(delivery.subtotal),
    `−${euro(delivery.discount)}`,
    euro(delivery.deposit),
    euro(delivery.deliveryFee),
    euro(delivery.total),
  ]);
  const missing = toCents(area.minimum_order_amount) - delivery.subtotal;
  await expect(cart.getByText(/^Mindestbestellwert für 10117/)).toHaveText(
    `Mindestbestellwert für 10117: ${euro(toCents(area.minimum_order_amount))} — es fehlen noch ${euro(missing)}`,
  );
  await expect(cart.getByRole('button', { name: /Zur Kasse/ })).toBeDisabled();

  await cart.getByRole('radio', { name: 'Abholung' }).check();
  const pickup = computeTotals({ items, discountPercent: percent(data, 'PICKUP_DISCOUNT'), deliveryFee: 0 });
  await expect(cart.getByText(`Abholrabatt (${percent(data, 'PICKUP_DISCOUNT')} %)`)).toBeVisible();
  await expect(cart.getByText('Liefergebühr', { exact: true })).toBeHidden();
  await expect(cart.getByRole('definition')).toHaveText([
    euro(pickup.subtotal),
    `−${euro(pickup.discount)}`,
    euro(pickup.deposit),
    euro(pickup.total),
  ]);
  // Nobody is signed in: the checkout button leads to the login modal with its guest link (checkout.spec.ts).
  await expect(cart.getByRole('button', { name: `Zur Kasse · ${euro(pickup.total)}` })).toBeEnabled();

  const note = cart.getByRole('textbox', { name: 'Anmerkung zur Bestellung' });
  await note.fill('Bitte zweimal klingeln');
  await expect(cart.getByText('22 / 500 Zeichen')).toBeVisible();

  await page.reload();
  const restored = await openCart(page, 2);
  await expect(restored.getByText('Pizza Margherita (Mittel Ø 30 cm)')).toBeVisible();
  await expect(restored.getByText('Rucola')).toBeVisible();
  await expect(restored.getByText('Cola 0,33 l')).toBeVisible();
  await expect(restored.getByRole('textbox', { name: 'Anmerkung zur Bestellung' })).toHaveValue(
    'Bitte zweimal klingeln',
  );
  await expect(restored.getByRole('radio', { name: 'Abholung' })).toBeChecked();
  await expect(restored.getByRole('definition').last()).toHaveText(euro(pickup.total));
});

test('quantities change in the cart and the last one can be removed', async ({ page }) => {
  await openShop(page);
  await page.getByRole('button', { name: 'Tiramisù in den Warenkorb legen' }).click();
  const cart = await openCart(page, 1);
  await cart.getByRole('button', { name: 'Menge von Tiramisù erhöhen' }).click();
  await expect(cart.getByRole('group', { name: 'Menge von Tiramisù' })).toContainText('2');
  await expect(cart).toContainText('2 Artikel');
  await cart.getByRole('button', { name: 'Menge von Tiramisù verringern' }).click();
  await cart.getByRole('button', { name: 'Tiramisù entfernen' }).first().click();
  await expect(cart.getByText('Ihr Warenkorb ist leer')).toBeVisible();
  await cart.getByRole('button', { name: 'Zur Speisekarte' }).click();
  await expect(cart).toBeHidden();
});

test('Back with the cart open closes it and stays in the shop', async ({ page }) => {
  await openShop(page);
  const menu = page.url();
  await page.getByRole('button', { name: 'Tiramisù in den Warenkorb legen' }).click();
  const cart = await openCart(page, 1);
  await page.goBack();
  await expect(cart).toBeHidden();
  expect(page.url()).toBe(menu);
  await expect(page.getByRole('button', { name: 'Tiramisù in den Warenkorb legen' })).toBeVisible();

  // Opened again and closed by its own means, it takes its entry off again.
  const again = await openCart(page, 1);
  const onDialogEntry = () =>
    page.evaluate(() => JSON.stringify(window.history.state ?? {}).includes('pizzeriaDialog'));
  expect(await onDialogEntry()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();
  await expect.poll(onDialogEntry).toBe(false);
  expect(page.url()).toBe(menu);
});

test('the open cart has no serious accessibility violations', async ({ page, request }) => {
  const data = await catalogue(request);
  await openShop(page);
  await reloadWithStored(page, 'cartItems', [
    choice(product(data, 'Pizza Diavola'), /Klein/, ['Rucola']),
    choice(product(data, 'Apfelschorle 0,5 l'), null, [], 2),
  ]);
  const cart = await openCart(page, 3);
  await expect(cart.getByText('Pizza Diavola (Klein Ø 26 cm)')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

/** Staff mark a dish sold out for today (or sell it again), through the back office's API. */
async function setSoldOut(request: APIRequestContext, productId: number, soldOut: boolean): Promise<void> {
  const headers = await staffHeaders(request);
  const current = await request.get(`/api/admin/stores/13/products/${productId}`, { headers });
  expect(current.ok()).toBe(true);
  const { version } = (await current.json()) as { version: number };
  const changed = await request.put(`/api/admin/stores/13/products/${productId}/sold-out`, {
    headers,
    data: { sold_out: soldOut, version },
  });
  expect(changed.ok()).toBe(true);
}

test("a dish staff sell out while it is in a guest's cart is named there at once and removed with one tap", async ({
  page,
  request,
}) => {
  // Staff sign in twice through the API (argon2id, slow on purpose) and the page is checked with axe.
  test.slow();
  const data = await catalogue(request);
  const salami = product(data, 'Pizza Salami');
  const pizzas = choice(salami, /Groß/, []);
  const colas = choice(product(data, 'Cola 0,33 l'), null, [], 2);
  const area = data.postcodes.find((entry) => entry.postcode === '10117');
  if (!area) throw new Error('10117 is not a delivery area');
  await openShop(page);
  await keepDeliveryCart(page, [pizzas, colas], area);
  await page.reload();
  const cart = await openCart(page, 3);
  await expect(cart.getByText(/ausverkauft/)).toHaveCount(0);

  try {
    // The open shop hears of it over its live status, without a reload.
    await setSoldOut(request, salami.id, true);
    await expect(cart.getByText(`${pizzas.displayName} ist heute ausverkauft`)).toBeVisible();
    const checkout = cart.getByRole('button', { name: /Zur Kasse/ });
    await expect(checkout).toBeDisabled();
    await expect(
      cart.getByText(`Heute ausverkauft: ${pizzas.displayName}. Bitte entfernen Sie es zuerst.`),
    ).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await cart
      .getByRole('button', {
        name: 'Aus dem Warenkorb entfernen',
        description: `${pizzas.displayName} ist heute ausverkauft`,
      })
      .click();
    await expect(cart.getByText(/ausverkauft/)).toHaveCount(0);
    await expect(cart.getByText('Cola 0,33 l')).toBeVisible();
    await page.keyboard.press('Escape');
    // On the menu it stays in its place, greyed, saying why.
    const card = page.getByRole('article', { name: 'Pizza Salami' });
    await expect(card.getByText('Heute ausverkauft')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Pizza Salami auswählen' })).toBeDisabled();
  } finally {
    await setSoldOut(request, salami.id, false);
  }
});
