/**
 * The shop rendered on the server (docs/decisions/013): the server imports this module's build
 * (`dist-server/entry-server.js`) and sends the menu page as HTML, so a phone paints the restaurant's
 * name and dishes before any JavaScript runs. The browser's first render (main.tsx) starts on the same
 * data and keeps the elements.
 */
import { QueryClient } from '@tanstack/react-query';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { memoryLocation } from 'wouter/memory-location';
import type { ShopPageData } from '@pizzeria/domain';
import { App } from './app/app.tsx';
import { seedShopData } from './app/shop-data.ts';
import { i18n, loadLanguage } from './i18n/index.ts';

let previous: Promise<unknown> = Promise.resolve();

/**
 * The HTML of the shop at `path` (under /order-online), rendered on `data` in its language. Renders run
 * one after another: the texts' language belongs to the one i18n instance the components read.
 */
export function renderShop(path: string, data: ShopPageData): Promise<string> {
  const rendered = previous.then(async () => {
    await loadLanguage(data.language);
    await i18n.changeLanguage(data.language);
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    seedShopData(queryClient, data);
    const shop = <App queryClient={queryClient} locationHook={memoryLocation({ path, static: true }).hook} />;
    // The components are typed against React's JSX; Preact renders them (vite.config.ts aliases).
    return renderToStringAsync(shop as unknown as VNode);
  });
  previous = rendered.catch(() => undefined);
  return rendered;
}
