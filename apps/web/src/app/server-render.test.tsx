import { fireEvent, screen, within } from '@testing-library/react';
import { hydrate, render, type ComponentChild } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCartItem, type ShopPageData } from '@pizzeria/domain';
import { renderShop } from '../entry-server.tsx';
import { useCart } from '../features/cart/index.ts';
import { useDelivery } from '../features/delivery/index.ts';
import { useSessionStore } from '../features/session/session-store.ts';
import { categories, cola, discounts, postcode10999, products, store } from '../features/menu/test-catalogue.ts';
import { holdInputUntilHydrated, hydrateInSteps, whenTakenOver } from '../lib/hydration.tsx';
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
    .map((attribute) => `${attribute.name}="${attribute.value}"`);
  if (node instanceof HTMLOptionElement && node.selected) attributes.push('(selected)');
  if (node instanceof HTMLInputElement) attributes.push(`(value=${node.value}${node.checked ? ', checked' : ''})`);
  attributes.sort();
  return `<${node.localName} ${attributes.join(' ')}>${[...node.childNodes].map(shape).join('')}</${node.localName}>`;
}

const app = () => {
  const queryClient = createTestQueryClient();
  seedShopData(queryClient, data);
  return (<App queryClient={queryClient} />) as unknown as ComponentChild;
};

/** Where two strings part, with some context: a readable failure for long pages. */
function firstDifference(actual: string, expected: string): string {
  let index = 0;
  while (index < actual.length && actual[index] === expected[index]) index++;
  return index === actual.length && index === expected.length
    ? 'same'
    : `…${actual.slice(Math.max(0, index - 120), index + 80)}… instead of …${expected.slice(Math.max(0, index - 120), index + 80)}…`;
}

/** Lets a page rendered from scratch load its lazy parts and finish rendering. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

let containers: HTMLElement[] = [];
function container(): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  containers.push(element);
  return element;
}

/** What main.tsx does over the server's page. */
function start(root: HTMLElement): void {
  hydrateInSteps(() => hydrate(app(), root));
  restoreBrowserState();
}

/**
 * The page as the browser renders it from scratch in the same state: what hydration must arrive at.
 * Any other page is taken out of the document first, so that ids are not found twice.
 */
async function renderedFromScratch(): Promise<string> {
  for (const element of containers) element.remove();
  const fresh = container();
  render(app(), fresh);
  await settle();
  return shape(fresh);
}

let restoreSockets: () => void;
beforeEach(() => {
  // The live status stays "connecting" (a socket that never opens), the same for every render here.
  restoreSockets = setSocketFactory((url) => new FakeSocket(url));
  history.replaceState(null, '', '/order-online/');
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  restoreSockets();
  for (const element of containers) {
    render(null, element);
    element.remove();
  }
  containers = [];
  useCart.setState({ items: [], note: '' });
  useDelivery.setState({ orderType: 'delivery', postcode: null });
  useSessionStore.setState({ user: null, token: null, loading: true });
});

describe('the menu page rendered on the server', () => {
  it('is taken over by the browser without replacing or changing its elements', async () => {
    const page = await renderShop('/order-online/', data);
    // The server's page is exactly the browser's first render (hydration would correct no attribute).
    const first = container();
    render(app(), first);
    const parsed = document.createElement('div');
    parsed.innerHTML = page;
    expect(firstDifference(shape(first), shape(parsed))).toBe('same');
    render(null, first);
    first.remove();

    const root = container();
    root.innerHTML = page;
    const shell = root.firstElementChild;
    const title = root.querySelector('h1');
    const sections = [...root.querySelectorAll('section.menu-section')];
    expect(title).toHaveTextContent(store.name);
    expect(sections).toHaveLength(categories.length);

    start(root);
    // The sections wait for tasks of their own, on screen as the server sent them.
    expect([...root.querySelectorAll('section.menu-section')]).toEqual(sections);
    // Until every section is taken over and rendered, however slow the machine: a fixed wait lost that
    // race when the test runner was starved of CPU.
    await whenTakenOver();

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
    root.innerHTML = await renderShop('/order-online/', data);
    const title = root.querySelector('h1');

    start(root);
    await whenTakenOver();

    expect(root.querySelector('h1')).toBe(title);
    expect(within(root).getByRole('button', { name: /Warenkorb, 2 Artikel/ })).toBeInTheDocument();
    expect(within(root).getByRole('button', { name: /10999/ })).toBeInTheDocument();
    expect(firstDifference(shape(root), await renderedFromScratch())).toBe('same');
  });

  it('answers taps in every section once the sections are taken over', async () => {
    const root = container();
    root.innerHTML = await renderShop('/order-online/', data);
    start(root);
    await whenTakenOver();

    // Getränke is the last section.
    fireEvent.click(screen.getByRole('button', { name: 'Cola 0,33 l in den Warenkorb legen' }));
    expect(useCart.getState().items).toHaveLength(1);
    expect(localStorage.getItem('cartItems')).toContain('Cola');
  });

  it('keeps a tap that comes before the app has taken the page over, and answers it afterwards', async () => {
    const root = container();
    root.innerHTML = await renderShop('/order-online/', data);
    holdInputUntilHydrated();
    // The script has started but not yet hydrated: nothing listens on the server's elements.
    fireEvent.click(screen.getByRole('button', { name: 'Cola 0,33 l in den Warenkorb legen' }));
    expect(useCart.getState().items).toHaveLength(0);

    start(root);
    // The tap makes the browser take over the rest at once instead of section by section.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useCart.getState().items.map((item) => item.displayName)).toEqual(['Cola 0,33 l']);
    expect(within(root).getByRole('button', { name: /Warenkorb, 1 Artikel/ })).toBeInTheDocument();

    // Once the page is the app's, a tap is answered as it comes, and only once.
    fireEvent.click(screen.getByRole('button', { name: 'Cola 0,33 l in den Warenkorb legen' }));
    expect(useCart.getState().items[0]?.quantity).toBe(2);
  });
});
