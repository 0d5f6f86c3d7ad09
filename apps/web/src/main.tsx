import { hydrate, render, type ComponentChild } from 'preact';
import { App } from './app/app.tsx';
import { restoreBrowserState } from './app/browser-state.ts';
import { queryClient } from './app/query-client.ts';
import { readShopData, seedShopData } from './app/shop-data.ts';
import { currentLanguage, loadLanguage } from './i18n/index.ts';
import { holdInputUntilHydrated, hydrateInSteps, releaseHeldInput, yieldToBrowser } from './lib/hydration.tsx';
import './styles/global.css';

// A tap on the server's page before the app has taken it over is kept for the app (lib/hydration.tsx).
holdInputUntilHydrated();

// A customer who chose English gets the English texts before the first paint; German is bundled.
await loadLanguage(currentLanguage()).catch((error: unknown) => console.error('Could not load the texts', error));

// Starting the script (evaluating its modules) is a task of its own; the page's data is read in the next.
await yieldToBrowser();

// The menu page comes rendered by the server, with the catalogue it was rendered from: the first render
// starts on that data, so it matches the page and nothing is asked for twice. In another language than
// the customer's, the page is rendered again in theirs.
const shopData = readShopData(document);
const rendered = shopData?.language === currentLanguage();
if (shopData && rendered) seedShopData(queryClient, shopData);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The components are typed against React's JSX; Preact renders them (docs/decisions/013).
const app = (<App queryClient={queryClient} />) as unknown as ComponentChild;
if (rendered) {
  // The server's page is on screen and readable: taking it over is a task of its own, so loading the
  // script and starting it never make one long task a tap would wait behind.
  await yieldToBrowser();
  // Hydration keeps the server's elements and only attaches the app to them, so the first render must
  // be the server's: the stores start without the browser's storage, as on the server, and get it
  // right after (a stored cart, a signed-in customer), as an ordinary update. The menu's sections are
  // taken over in tasks of their own (lib/hydration.tsx).
  hydrateInSteps(() => hydrate(app, root));
  restoreBrowserState();
} else {
  // Anything else in #root (the loading screen of index.html, a page in another language) goes first,
  // as React's createRoot would do.
  root.textContent = '';
  restoreBrowserState();
  // Taps held meanwhile were on elements that are gone now (they are dropped); holding ends.
  releaseHeldInput();
  render(app, root);
}
