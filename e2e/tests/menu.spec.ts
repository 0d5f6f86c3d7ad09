import { expect, test, type APIRequestContext, type Page } from '../support/test.ts';
import type { Product } from '@pizzeria/domain';
import { isPhone, openShop, seriousA11yViolations } from '../support/shop.ts';

async function catalogue(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get('/api/products/?store_id=13', { headers: { 'Accept-Language': 'de' } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product[];
}

/** The menu search a person sees: the toolbar's field on a computer, the header's box on a phone. */
function menuSearch(page: Page) {
  const area = isPhone(page) ? page.getByRole('banner') : page.getByRole('main');
  return area.getByRole('searchbox', { name: 'Speisekarte durchsuchen' });
}

const dishes = (page: Page) => page.getByRole('main').getByRole('article');

test('a guest browses the menu by category, with prices and the allergen legend', async ({ page, request }) => {
  const products = await catalogue(request);
  await openShop(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Pizzeria Bella Napoli' })).toBeVisible();
  await expect(dishes(page)).toHaveCount(products.length);

  const margherita = page.getByRole('article', { name: 'Pizza Margherita' });
  await expect(margherita).toContainText('ab 8,50 €');
  await expect(margherita).toContainText('a, g');
  await expect(page.getByRole('article', { name: 'Cola 0,33 l' })).toContainText('2,90 €');

  const categories = page.getByRole('navigation', { name: 'Kategorien' });
  await categories.getByRole('link', { name: 'Getränke' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Getränke' })).toBeInViewport();
  await expect(categories.getByRole('link', { name: 'Getränke' })).toHaveAttribute('aria-current', 'true');
  await expect(categories.getByRole('link', { name: 'Getränke' })).toBeInViewport();

  const legend = page.getByRole('region', { name: 'Allergene und Zusatzstoffe' });
  await legend.scrollIntoViewIfNeeded();
  await expect(legend).toContainText('Schwefeldioxid und Sulfite');
  await expect(legend).toContainText(/koffeinhaltig/i);
});

test('a guest searches the menu and is told when nothing matches', async ({ page, request }) => {
  const products = await catalogue(request);
  await openShop(page);
  const search = menuSearch(page);
  await search.fill('TONNO');
  const matching = products.filter((product) =>
    `${product.name} ${product.description}`.toLowerCase().includes('tonno'),
  );
  await expect(dishes(page)).toHaveCount(matching.length);
  await expect(page.getByRole('article', { name: 'Pizza Tonno' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Getränke' })).toBeHidden();

  await search.fill('Schokolade');
  await expect(page.getByRole('article', { name: 'Tartufo nero' })).toBeVisible();

  await search.fill('Sushi');
  await expect(page.getByText('Keine Produkte in einer Kategorie gefunden')).toBeVisible();
  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(search).toHaveValue('');
  await expect(dishes(page)).toHaveCount(products.length);
});

test('a guest with a fish allergy hides dishes containing fish', async ({ page, request }) => {
  const products = await catalogue(request);
  await openShop(page);
  await page.getByRole('button', { name: 'Allergene ausschließen' }).click();
  await page.getByRole('checkbox', { name: 'Fisch' }).check();
  const withoutFish = products.filter((product) => !product.allergens.some((allergen) => allergen.code === 'd'));
  await expect(dishes(page)).toHaveCount(withoutFish.length);
  await expect(page.getByRole('article', { name: 'Pizza Tonno' })).toBeHidden();
  await expect(page.getByRole('article', { name: 'Pizza Margherita' })).toBeAttached();

  await page.keyboard.press('Escape');
  await expect(page.getByRole('checkbox', { name: 'Fisch' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Allergene ausschließen (1)' })).toBeFocused();
});

test('a drink goes straight into the cart; a pizza asks for its size first', async ({ page }) => {
  await openShop(page);
  const addCola = page.getByRole('button', { name: 'Cola 0,33 l in den Warenkorb legen' });
  await addCola.click();
  await expect(page.getByRole('status').filter({ hasText: 'hinzugefügt' })).toHaveText(
    'Cola 0,33 l zum Warenkorb hinzugefügt',
  );
  await addCola.click();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Warenkorb, 2 Artikel/ })).toBeVisible();

  await page.getByRole('button', { name: 'Insalata Mista auswählen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Insalata Mista' });
  const add = dialog.getByRole('button', { name: /Hinzufügen/ });
  await expect(dialog.getByRole('group', { name: /Dressing/ })).toContainText('Bitte wählen Sie mindestens 1 aus');
  await expect(add).toBeDisabled();
  await dialog.getByRole('radio', { name: /Joghurt-Dressing/ }).check();
  await expect(dialog.getByRole('region', { name: 'Allergene und Zusatzstoffe Ihrer Auswahl' })).toContainText(
    'Milch (einschließlich Laktose) (g)',
  );
  await add.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Warenkorb, 3 Artikel/ })).toBeVisible();
});

test('switching the language shows the menu in English', async ({ page }) => {
  await openShop(page);
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await expect(
    page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Starters' }),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: 'Pizza Margherita' })).toContainText('from €8.50');
});

test('the menu and the product dialog have no serious accessibility violations', async ({ page }) => {
  await openShop(page);
  await expect(dishes(page).first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Pizza Margherita auswählen' }).click();
  await expect(page.getByRole('dialog', { name: /^Pizza Margherita/ })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('the menu arrives rendered: readable without JavaScript, and the app takes over its elements', async ({
  browser,
  page,
  request,
}) => {
  const products = await catalogue(request);
  const offline = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
  const plain = await offline.newPage();
  await plain.goto('/order-online/');
  await expect(plain.getByRole('heading', { level: 1, name: 'Pizzeria Bella Napoli' })).toBeVisible();
  await expect(plain.getByRole('main').getByRole('article')).toHaveCount(products.length);
  await expect(plain.getByRole('article', { name: 'Pizza Margherita' })).toContainText('ab 8,50 €');
  await offline.close();

  // The app's script waits until the page's elements are marked; after its first render they are the
  // same elements, and they work.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Deferred as a module, the script would hold up `domcontentloaded` too: wait for the page's elements.
  await page.goto('/order-online/', { waitUntil: 'commit' });
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(products.length);
  // A property, not an attribute: the app's render removes attributes it did not render.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('h1, main article')) Object.assign(element, { fromServer: true });
  });
  release();
  await page.getByRole('button', { name: 'Cola 0,33 l in den Warenkorb legen' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Warenkorb, 1 Artikel/ })).toBeVisible();
  const kept = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('h1, main article')].map((element) => 'fromServer' in element).join(),
    );
  expect(await kept()).toBe(
    Array(products.length + 1)
      .fill(true)
      .join(),
  );
});
