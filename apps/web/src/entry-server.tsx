/**
 * The shop rendered on the server (docs/decisions/021): the server imports this module's build
 * (`dist-server/entry-server.js`) and sends the menu page as HTML, so a phone paints the restaurant's
 * name and dishes before any JavaScript runs. The browser's first render (main.tsx) starts on the same
 * data and hydrates the elements.
 */
import { QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import type { ShopPageData } from '@pizzeria/domain';
import { App } from './app/app.tsx';
import { seedShopData } from './app/shop-data.ts';
import { i18n, loadLanguage } from './i18n/index.ts';

let previous: Promise<unknown> = Promise.resolve();

/**
 * The HTML of the shop at `path` (under /order-online), rendered on `data` in its language. A prerender
 * waits for every boundary to complete before it answers, so the page needs none of the inline scripts
 * that streaming adds for late boundaries, which the Content Security Policy refuses. Renders run one
 * after another: the texts' language belongs to the one i18n instance the components read.
 */
export function renderShop(path: string, data: ShopPageData): Promise<string> {
  const rendered = previous.then(async () => {
    await loadLanguage(data.language);
    await i18n.changeLanguage(data.language);
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    seedShopData(queryClient, data);
    const [pathname = '/', search = ''] = path.split('?', 2);
    const failures: unknown[] = [];
    const { prelude } = await prerender(<App queryClient={queryClient} ssrPath={pathname} ssrSearch={search} />, {
      // Every boundary inline where it stands: React otherwise moves the content of boundaries past this
      // many bytes after the rest, with inline scripts that put it back (refused by the CSP).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError: (error) => {
        failures.push(error);
      },
    });
    // A part that failed here would be sent empty and rendered afresh in the browser, moving the page:
    // the render fails instead, and the server sends the app shell and logs why.
    if (failures.length > 0) throw new Error('the shop could not be rendered on the server', { cause: failures[0] });
    const html = await new Response(prelude).text();
    // Rendering no whole document, React puts preloads of the page's images first, meant for a head.
    // They go: the images stand in the page's first bytes, where the browser finds them as early, and
    // the preload of the header's wide logo (a <source> for wide screens) would load it on phones too.
    return html.replace(/^(?:<link rel="preload" as="image"[^>]*>)+/, '');
  });
  previous = rendered.catch(() => undefined);
  return rendered;
}
