import { render, type ComponentChild } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopPageData } from '@pizzeria/domain';
import { renderShop } from '../entry-server.tsx';
import { categories, discounts, postcode10999, products, store } from '../features/menu/test-catalogue.ts';
import { App } from './app.tsx';
import { createTestQueryClient } from '../lib/testing.tsx';
import { seedShopData } from './shop-data.ts';

const data: ShopPageData = { language: 'de', store, categories, products, postcodes: [postcode10999], discounts };

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
    const shell = container.firstElementChild;
    const title = container.querySelector('h1');
    expect(title).toHaveTextContent(store.name);

    const queryClient = createTestQueryClient();
    seedShopData(queryClient, data);
    render((<App queryClient={queryClient} />) as unknown as ComponentChild, container);

    expect(container.firstElementChild).toBe(shell);
    expect(container.querySelector('h1')).toBe(title);
  });
});
