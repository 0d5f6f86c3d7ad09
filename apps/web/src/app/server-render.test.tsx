import { render, type ComponentChild } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopPageData } from '@pizzeria/domain';
import { renderShop } from '../entry-server.tsx';
import { categories, discounts, postcode10999, products, store } from '../features/menu/test-catalogue.ts';
import { App } from './app.tsx';
import { createTestQueryClient } from '../lib/testing.tsx';
import { seedShopData } from './shop-data.ts';

const data: ShopPageData = { language: 'de', store, categories, products, postcodes: [postcode10999], discounts };

/** The elements, attributes (in any order) and texts under a node, as one string. */
function shape(node: Node): string {
  if (node instanceof Text) return node.data;
  if (!(node instanceof Element)) return '';
  const attributes = [...node.attributes].map((attribute) => `${attribute.name}="${attribute.value}"`).sort();
  return `<${node.localName} ${attributes.join(' ')}>${[...node.childNodes].map(shape).join('')}</${node.localName}>`;
}

let container: HTMLElement;
beforeEach(() => {
  history.replaceState(null, '', '/order-online/');
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  render(null, container);
  container.remove();
});

describe('the menu page rendered on the server', () => {
  it('is taken over by the browser’s first render without replacing its elements', async () => {
    container.innerHTML = await renderShop('/order-online/', data);
    const page = shape(container);
    const shell = container.firstElementChild;
    const title = container.querySelector('h1');
    expect(title).toHaveTextContent(store.name);

    const queryClient = createTestQueryClient();
    seedShopData(queryClient, data);
    render((<App queryClient={queryClient} />) as unknown as ComponentChild, container);

    expect(container.firstElementChild).toBe(shell);
    expect(container.querySelector('h1')).toBe(title);
    // The first render is the server's page exactly: nothing to correct, nothing to move.
    expect(shape(container)).toBe(page);
    // Nor does anything arrive twice once lazy parts have loaded.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(container.querySelectorAll('header, h1, footer')).toHaveLength(3);
  });
});
