import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { STORE_ID, liveStoreStatus } from '@pizzeria/domain';
import type { CatalogueService } from '../catalogue/index.ts';
import type { StoreStatusService } from '../store/index.ts';
import { pageLanguage, shopPages, type CurrentStatus, type RenderShop, type ShopPage } from './shop-page.ts';

export {
  APP_END,
  APP_START,
  pageLanguage,
  shopPages,
  type CurrentStatus,
  type RenderShop,
  type ShopPage,
} from './shop-page.ts';

/** The store's status now, as the live channel's first message would make the shop show it. */
export function currentStatusOf(storeStatus: StoreStatusService): CurrentStatus {
  return async () => {
    const message = await storeStatus.message(STORE_ID);
    if (!message || 'error' in message) return null;
    // `local_time` is the store's wall clock with its offset: its first ten characters are the local date.
    return {
      status: liveStoreStatus(message, new Date(message.local_time)),
      localDate: message.local_time.slice(0, 10),
    };
  };
}

/**
 * The menu page rendered on the server, from the web app's two builds: `dist/index.html` and
 * `dist-server/entry-server.js` beside it (`npm run build`). Without the server build the shop is
 * served as the app shell, as before, and this says so once.
 */
export async function menuPageFrom(
  webDist: string,
  catalogue: CatalogueService,
  status: CurrentStatus,
  log: FastifyBaseLogger,
): Promise<((request: FastifyRequest) => Promise<ShopPage | null>) | undefined> {
  const indexFile = path.join(webDist, 'index.html');
  const entryFile = path.join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(indexFile) || !existsSync(entryFile)) {
    log.warn({ entryFile }, 'no server build of the web app: the menu page is rendered in the browser');
    return undefined;
  }
  const module: unknown = await import(pathToFileURL(entryFile).href);
  if (
    typeof module !== 'object' ||
    module === null ||
    !('renderShop' in module) ||
    typeof module.renderShop !== 'function'
  ) {
    throw new Error(`${entryFile} does not export renderShop`);
  }
  const render = module.renderShop as RenderShop;
  const pages = shopPages({ template: readFileSync(indexFile, 'utf8'), render, catalogue, status });
  return (request) => pages.menu(pageLanguage(request.headers.cookie));
}
