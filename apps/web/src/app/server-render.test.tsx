import { act, fireEvent, screen, within } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCartItem, type ShopPageData } from '@pizzeria/domain';
import { renderShop } from '../entry-server.tsx';
import { useCart } from '../features/cart/index.ts';
import { useDelivery } from '../features/delivery/index.ts';
import { useSessionStore } from '../features/session/index.ts';
import { categories, cola, discounts, postcode10999, products, store } from '../features/menu/test-catalogue.ts';
import { setSocketFactory } from '../lib/live-socket.ts';
import { FakeSocket } from '../lib/test-socket.ts';
import { createTestQueryClient } from '../lib/testing.tsx';
import { App } from './app.tsx';
import { restoreBrowserState } from './browser-state.ts';
import { seedShopData } from './shop-data.ts';

const data: ShopPageData = { language: 'de', store, categories, products, postcodes: [postcode10999], discounts };

/**
 * The elements, attributes (in any order) and texts under a node, as one string. Which option is
 * selected, which box is ticked and what a field holds count as shown (the server writes attributes,
 * the browser sets properties).
 */
function shape(node: Node): string {
  if (node instanceof Text) return node.data;
  if (!(node instanceof Element)) return '';
  const attributes = [...node.attributes]
    .filter((attribute) => !['selected', 'checked'].includes(attribute.name))
    .filter((attribute) => !(node instanceof HTMLInputElement && attribute.name === 'value'))
    // React's ids (useId) are spelled one way when rendered afresh, another when hydrated.
    .map((attribute) => `${attribute.name}="${attribute.value.replace(/_[rR]_\w+_/g, '«id»')}"`);
  if (node instanceof HTMLOptionElement && node.selected) attributes.push('(selected)');
  if (node instanceof HTMLInputElement) attributes.push(`(value=${node.value}${node.checked ? ', checked' : ''})`);
  attributes.sort();
  return `<${node.localName} ${attributes.join(' ')}>${[...node.childNodes].map(shape).join('')}</${node.localName}>`;
}

const app = (pageData = data) => {
  const queryClient = createTestQueryClient();
  seedShopData(queryClient, pageData);
  return <App queryClient={queryClient} />;
};

/** Where two strings part, with some context: a readable failure for long pages. */
function firstDifference(actual: string, expected: string): string {
  let index = 0;
  while (index < actual.length && actual[index] === expected[index]) index++;
  return index === actual.length && index === expected.length
    ? 'same'
    : `…${actual.slice(Math.max(0, index - 120), index + 80)}… instead of …${expected.slice(Math.max(0, index - 120), index + 80)}…`;
}

/**
 * The menu page as the server sends it (#root's part). React's server renderer leaves the contexts of
 * its last task in place when it is done; a server runs only that renderer, but here the browser's
 * renders come next in the same process, so an empty render puts the contexts back.
 */
async function serverPage(pageData = data): Promise<string> {
  const body = await renderShop('/order-online/', pageData);
  // Nothing but the app's elements: what #root will hold.
  expect(body).toMatch(/^<div class="app-shell">/);
  // Every boundary complete where it stands: no script puts a late one in place (the CSP allows none).
  expect(body).not.toContain('<script');
  expect(body).not.toContain('<!--$?-->');
  await prerender(null);
  return body;
}

let containers: HTMLElement[] = [];
let roots: Root[] = [];
function container(): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  containers.push(element);
  return element;
}

/**
 * What hydration found to differ from the server's page: React renders a part afresh where it must (a
 * recoverable error) and only complains of a differing attribute (a console error).
 */
let mismatches: string[] = [];

/** What main.tsx does over the server's page, with every render it causes done. */
async function start(root: HTMLElement, pageData = data): Promise<void> {
  const complaints = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const complaint = args.map(String).join(' ');
    // The server's renderer ran in this process before (`serverPage`), as it never does in a browser.
    if (!complaint.startsWith('Detected multiple renderers')) mismatches.push(complaint);
  });
  try {
    await act(async () => {
      roots.push(hydrateRoot(root, app(pageData), { onRecoverableError: (error) => mismatches.push(String(error)) }));
      restoreBrowserState();
    });
  } finally {
    complaints.mockRestore();
  }
}

/** The page rendered from scratch into `element`, its lazy parts loaded. */
async function renderInto(element: HTMLElement): Promise<void> {
  const root = createRoot(element);
  roots.push(root);
  await act(async () => root.render(app()));
}

/**
 * The page as the browser renders it from scratch in the same state: what hydration must arrive at.
 * Any other page is taken out of the document first, so that ids are not found twice.
 */
async function renderedFromScratch(): Promise<string> {
  for (const element of containers) element.remove();
  const fresh = container();
  await renderInto(fresh);
  return shape(fresh);
}

let restoreSockets: () => void;
beforeEach(() => {
  // The live status stays "connecting" (a socket that never opens), the same for every render here.
  restoreSockets = setSocketFactory((url) => new FakeSocket(url));
  history.replaceState(null, '', '/order-online/');
  localStorage.clear();
  sessionStorage.clear();
  mismatches = [];
});
afterEach(() => {
  restoreSockets();
  act(() => {
    for (const root of roots) root.unmount();
  });
  roots = [];
  for (const element of containers) element.remove();
  containers = [];
  useCart.setState({ items: [], note: '' });
  useDelivery.setState({ orderType: 'delivery', postcode: null });
  useSessionStore.setState({ user: null, token: null, loading: true });
});

describe('the menu page rendered on the server', () => {
  it('is hydrated by the browser without replacing or changing its elements', async () => {
    const page = await serverPage();

    const root = container();
    root.innerHTML = page;
    const shell = root.firstElementChild;
    const title = root.querySelector('h1');
    const sections = [...root.querySelectorAll('section.menu-section')];
    expect(title).toHaveTextContent(store.name);
    expect(sections).toHaveLength(categories.length);

    await start(root);

    expect(mismatches).toEqual([]);
    expect(root.firstElementChild).toBe(shell);
    expect(root.querySelector('h1')).toBe(title);
    expect([...root.querySelectorAll('section.menu-section')]).toEqual(sections);
    // Nor does anything arrive twice once lazy parts have loaded.
    expect(root.querySelectorAll('header, h1, footer')).toHaveLength(3);
    expect(firstDifference(shape(root), await renderedFromScratch())).toBe('same');
  });

  it('shows the browser’s stored cart, customer and postcode after taking the page over', async () => {
    localStorage.setItem(
      'cartItems',
      JSON.stringify([buildCartItem(cola, { variantId: null, extras: [], quantity: 2 })]),
    );
    localStorage.setItem('order_type', JSON.stringify('delivery'));
    localStorage.setItem('postcode-data', JSON.stringify(postcode10999));
    sessionStorage.setItem('userData', JSON.stringify({ access_token: 't', user: { customer_name: 'Anna Muster' } }));
    const root = container();
    root.innerHTML = await serverPage();
    const title = root.querySelector('h1');

    await start(root);

    expect(mismatches).toEqual([]);
    expect(root.querySelector('h1')).toBe(title);
    expect(within(root).getByRole('button', { name: /Warenkorb, 2 Artikel/ })).toBeInTheDocument();
    expect(within(root).getByRole('button', { name: /10999/ })).toBeInTheDocument();
    expect(firstDifference(shape(root), await renderedFromScratch())).toBe('same');
  });

  it('shows the store’s status as it was rendered, and hydration keeps it', async () => {
    const paused: ShopPageData = { ...data, status: { kind: 'paused', until: null, auto: true } };
    const root = container();
    root.innerHTML = await serverPage(paused);
    const pill = root.querySelector('.store-status-pill');
    expect(pill).toHaveTextContent('Online-Bestellungen gerade nicht möglich – bitte rufen Sie uns an');

    await start(root, paused);

    expect(mismatches).toEqual([]);
    expect(root.querySelector('.store-status-pill')).toBe(pill);
    expect(pill).toHaveTextContent('Online-Bestellungen gerade nicht möglich – bitte rufen Sie uns an');
  });

  it('answers taps in every section once it is hydrated', async () => {
    const root = container();
    root.innerHTML = await serverPage();
    await start(root);

    // Getränke is the last section.
    fireEvent.click(screen.getByRole('button', { name: 'Cola 0,33 l in den Warenkorb legen' }));
    expect(useCart.getState().items).toHaveLength(1);
    expect(localStorage.getItem('cartItems')).toContain('Cola');
  });
});
