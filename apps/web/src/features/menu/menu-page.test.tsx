import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../lib/testing.tsx';
import { restoreCart, useCart, closeCart, openCart } from '../cart/index.ts';
import { useAnnouncement } from './announcer.ts';
import { MenuPage } from './menu-page.tsx';
import { useMenuSearch } from './menu-search-store.ts';
import { useProductOptions } from './options/options-store.ts';
import { apiStub, catalogueQueryData, categories, discounts, products, store } from './test-catalogue.ts';

beforeEach(() => {
  localStorage.clear();
  restoreCart();
  useMenuSearch.setState({ query: '', excludedAllergens: [] });
  useAnnouncement.setState({ message: '', id: 0 });
  useProductOptions.setState({ open: false, requested: false, productId: null, editKey: null });
  vi.stubGlobal('fetch', vi.fn(apiStub()));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderMenu = (queryData = catalogueQueryData) => renderWithProviders(<MenuPage />, { queryData });

describe('MenuPage', () => {
  it('shows the categories in position order with their dishes, prices and the legend', () => {
    renderMenu();
    const sectionHeadings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sectionHeadings).toEqual(['Pizza', 'Salate', 'Getränke', 'Allergene und Zusatzstoffe']);
    const nav = screen.getByRole('navigation', { name: 'Kategorien' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Pizza', 'Salate', 'Getränke']);

    const pizza = screen.getByRole('article', { name: 'Pizza Margherita' });
    expect(within(pizza).getByText('ab 8,50 €')).toBeInTheDocument();
    expect(within(pizza).getByText('a, g')).toBeInTheDocument();
    expect(within(pizza).getByText('Allergene und Zusatzstoffe: Gluten, Milch')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Cola 0,33 l' })).getByText('2,90 €')).toBeInTheDocument();

    const legend = screen.getByRole('region', { name: 'Allergene und Zusatzstoffe' });
    expect(within(legend).getByText('Fisch')).toBeInTheDocument();
    expect(within(legend).getByText('Koffeinhaltig')).toBeInTheDocument();
  });

  it('names a bottle deposit beside the price, not in it (PAngV), and nothing for dishes without one', () => {
    renderMenu();
    const cola = screen.getByRole('article', { name: 'Cola 0,33 l' });
    expect(within(cola).getByText('2,90 €')).toBeInTheDocument();
    expect(within(cola).getByText('zzgl. 0,08 € Pfand')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Pizza Margherita' })).queryByText(/Pfand/)).toBeNull();
  });

  it('keeps a dish sold out today in its category, greyed, not addable, and says so in words', async () => {
    const user = userEvent.setup();
    // Every salad sold out: the category stays, with its dish marked, rather than vanishing.
    const today = products.map((product) =>
      product.category_id === 4 ? { ...product, available: false, sold_out: true } : product,
    );
    renderMenu(catalogueQueryData.map(([key, data]) => [key, key[0] === 'products' ? today : data]));
    expect(screen.getByRole('heading', { level: 2, name: 'Salate' })).toBeInTheDocument();
    const salad = within(screen.getByRole('region', { name: 'Salate' })).getByRole('article');
    expect(within(salad).getByText('Heute ausverkauft')).toBeInTheDocument();
    expect(within(salad).getByRole('button', { name: /Warenkorb legen|auswählen/ })).toBeDisabled();
    await user.click(salad);
    expect(useCart.getState().items).toEqual([]);
  });

  it('shows the loading screen first', () => {
    renderWithProviders(<MenuPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen');
  });

  it('says so when there are no categories', () => {
    renderMenu([
      [['categories', 13, 'de'], []],
      [['products', 13, 'de'], []],
      [['store', 13], store],
    ]);
    expect(screen.getByText('Keine Kategorien verfügbar')).toBeInTheDocument();
  });

  it('searches names and descriptions and says when nothing is found', async () => {
    const user = userEvent.setup();
    renderMenu();
    const search = screen.getByRole('searchbox', { name: 'Speisekarte durchsuchen' });
    await user.type(search, 'THUNFISCH');
    expect(screen.getByRole('article', { name: 'Pizza Tonno' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Pizza Margherita' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Getränke' })).not.toBeInTheDocument();
    expect(screen.getByText('1 Gericht gefunden')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'Sushi');
    expect(screen.getByText('Keine Produkte in einer Kategorie gefunden')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    expect(screen.getByRole('article', { name: 'Pizza Margherita' })).toBeInTheDocument();
  });

  it('follows the search typed in the header (shared store)', () => {
    renderMenu();
    act(() => useMenuSearch.getState().setQuery('cola'));
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby'))).toEqual([
      'product-29',
    ]);
  });

  it('names the codes of a dish on a tap, in a labelled row, without adding the dish', async () => {
    const user = userEvent.setup();
    renderMenu();
    const pizza = screen.getByRole('article', { name: 'Pizza Margherita' });
    const codes = within(pizza).getByRole('button', { name: /^Allergene: a, g/ });
    expect(codes).toHaveAttribute('title', 'a Gluten, g Milch');
    expect(codes).toHaveAttribute('aria-expanded', 'false');
    expect(within(pizza).getByText('a Gluten, g Milch')).not.toBeVisible();

    await user.click(codes);
    expect(codes).toHaveAttribute('aria-expanded', 'true');
    expect(within(pizza).getByText('a Gluten, g Milch')).toBeVisible();
    expect(useCart.getState().items).toHaveLength(0);
    expect(useProductOptions.getState().open).toBe(false);

    await user.click(codes);
    expect(within(pizza).getByText('a Gluten, g Milch')).not.toBeVisible();
  });

  it('hides dishes with excluded allergens', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Allergene ausschließen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fisch' }));
    expect(screen.queryByRole('article', { name: 'Pizza Tonno' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Pizza Margherita' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Allergene ausschließen (1)' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('checkbox', { name: 'Gluten' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    // Only allergens are offered, not additives.
    expect(screen.queryByRole('checkbox', { name: 'Koffeinhaltig' })).not.toBeInTheDocument();
  });

  it('adds a simple dish directly, raises its quantity the second time and confirms politely', async () => {
    const user = userEvent.setup();
    renderMenu();
    const add = screen.getByRole('button', { name: 'Cola 0,33 l in den Warenkorb legen' });
    await user.click(add);
    expect(useCart.getState().items).toMatchObject([{ id: 29, quantity: 1, displayName: 'Cola 0,33 l' }]);
    const status = screen.getByText('Cola 0,33 l zum Warenkorb hinzugefügt').closest('[role="status"]');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await user.click(add);
    expect(useCart.getState().items).toMatchObject([{ id: 29, quantity: 2 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('takes the confirmation away once the cart is opened, so it cannot cover what follows the cart', async () => {
    const user = userEvent.setup();
    const { container } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Cola 0,33 l in den Warenkorb legen' }));
    const toast = container.querySelector('.add-toast');
    expect(toast).toHaveClass('is-visible');
    act(() => openCart());
    act(() => closeCart());
    expect(toast).not.toHaveClass('is-visible');
    expect(screen.queryByText('Cola 0,33 l zum Warenkorb hinzugefügt')).not.toBeInTheDocument();
  });

  it('opens the options dialog for dishes with sizes or a required choice', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Pizza Margherita auswählen' }));
    expect(await screen.findByRole('dialog', { name: 'Pizza Margherita (Klein Ø 26 cm)' })).toBeInTheDocument();
    expect(useCart.getState().items).toEqual([]);
  });

  it('offers a retry when the menu cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = vi.fn(apiStub({ '/api/products/?store_id=13': undefined }));
    fetch.mockImplementationOnce(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderWithProviders(<MenuPage />, {
      queryData: [
        [['categories', 13, 'de'], categories],
        [['discounts', 13], discounts],
        [['store', 13], store],
      ],
    });
    expect(await screen.findByText('Die Speisekarte konnte nicht geladen werden.')).toBeInTheDocument();
    vi.stubGlobal('fetch', vi.fn(apiStub({ '/api/products/?store_id=13': products })));
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('article', { name: 'Pizza Margherita' })).toBeInTheDocument();
  });
});
