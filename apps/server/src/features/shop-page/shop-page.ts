import { STORE_ID, shopPageDataSchema, type Language, type LiveStoreStatus, type ShopPageData } from '@pizzeria/domain';
import type { RenderedPage } from '../../plugins/web-app.ts';
import { encode, etagOf } from '../../http/caching.ts';
import type { CatalogueResource, CatalogueService } from '../catalogue/index.ts';

/** The web app's server build (`apps/web/src/entry-server.tsx`): the shop at a path, as HTML. */
export type RenderShop = (path: string, data: ShopPageData) => Promise<string>;

/** A rendered page, with its compressed twins: rendered and compressed once per catalogue and language. */
export type ShopPage = RenderedPage;

/** Where the rendered shop goes in the built index.html: the loading screen between these markers. */
export const APP_START = '<!--app-->';
export const APP_END = '<!--/app-->';

const RESOURCES = [
  'store',
  'categories',
  'products',
  'postcodes',
  'discounts',
] as const satisfies readonly CatalogueResource[];

/**
 * Whether the store takes orders now, and the store's local date (a day's words, "morgen", depend on
 * it); null when it cannot be said.
 */
export type CurrentStatus = () => Promise<{ status: LiveStoreStatus; localDate: string } | null>;

export interface ShopPages {
  /** The menu page in a language, or null when the store does not exist. */
  menu(language: Language): Promise<ShopPage | null>;
}

/**
 * The menu page rendered on the server (docs/decisions/021): the built index.html with the shop's HTML
 * in place of the loading screen, and the catalogue and store status it was rendered from in a JSON
 * script for the browser's first render. Pages are kept per catalogue version, store status and
 * language, so a read renders nothing; a change to the menu, or the store opening, closing or pausing,
 * renders the page again on the next read (a few times a day).
 */
export function shopPages(options: {
  template: string;
  render: RenderShop;
  catalogue: CatalogueService;
  status: CurrentStatus;
}): ShopPages {
  const { template, render, catalogue, status } = options;
  // The page replaces the markers and the white space around them: the app's elements are then all
  // that #root holds, so the browser's first render finds them in place and moves none (a moved element
  // counts as newly painted, for one).
  let start = template.indexOf(APP_START);
  let end = template.indexOf(APP_END);
  const bodyEnd = template.lastIndexOf('</body>');
  if (start < 0 || end < start || bodyEnd < end) {
    throw new Error(`index.html has no ${APP_START}…${APP_END} markers inside its body`);
  }
  end += APP_END.length;
  while (/\s/.test(template.charAt(start - 1))) start--;
  while (/\s/.test(template.charAt(end))) end++;

  let renderedFor: string | null = null;
  const pages = new Map<Language, Promise<ShopPage | null>>();

  const build = async (
    language: Language,
    current: LiveStoreStatus | undefined,
    menuVersion: string,
  ): Promise<ShopPage | null> => {
    const bodies: string[] = [];
    for (const resource of RESOURCES) {
      const representation = await catalogue.representation(STORE_ID, resource, language);
      if (!representation) return null;
      bodies.push(`"${resource}":${representation.body.toString('utf8')}`);
    }
    if (current) bodies.push(`"status":${JSON.stringify(current)}`);
    // Read before the resources: a change in between makes the browser read them once more, never less.
    bodies.push(`"menu_version":${JSON.stringify(menuVersion)}`);
    const json = `{"language":"${language}",${bodies.join(',')}}`;
    const data = shopPageDataSchema.parse(JSON.parse(json));
    const app = await render('/order-online/', data);
    const html =
      template.slice(0, start).replace(/<html lang="[^"]*"/, `<html lang="${language}"`) +
      app +
      template.slice(end, bodyEnd) +
      // `<` escaped: the JSON cannot end the script element or open a comment.
      `<script id="shop-data" type="application/json">${json.replaceAll('<', '\\u003c')}</script>\n  ` +
      template.slice(bodyEnd);
    const body = Buffer.from(html, 'utf8');
    return { html: body, encoded: await encode(body), etag: etagOf(body) };
  };

  return {
    async menu(language) {
      const [catalogueVersion, now] = await Promise.all([catalogue.version(STORE_ID), status().catch(() => null)]);
      if (catalogueVersion === null) return null;
      const current = `${catalogueVersion} ${JSON.stringify(now)}`;
      if (current !== renderedFor) {
        renderedFor = current;
        pages.clear();
      }
      let page = pages.get(language);
      if (!page) {
        page = build(language, now?.status, catalogueVersion);
        pages.set(language, page);
        const built = page;
        // A failed render is tried again on the next read.
        built.catch(() => {
          if (pages.get(language) === built) pages.delete(language);
        });
      }
      return page;
    },
  };
}

const LANGUAGE_COOKIE = /(?:^|;\s*)app_language=(de|en)(?:;|$)/;

/** The shop's language as the customer chose it (a cookie the web app keeps); German otherwise. */
export function pageLanguage(cookieHeader: string | undefined): Language {
  const match = cookieHeader ? LANGUAGE_COOKIE.exec(cookieHeader) : null;
  return match?.[1] === 'en' ? 'en' : 'de';
}
