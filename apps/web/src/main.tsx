import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { restoreBrowserState } from './app/browser-state.ts';
import { queryClient } from './app/query-client.ts';
import { readShopData, seedShopData } from './app/shop-data.ts';
import { currentLanguage, loadLanguage } from './i18n/index.ts';
import './styles/global.css';

// A customer who chose English gets the English texts before the first paint; German is bundled.
await loadLanguage(currentLanguage()).catch((error: unknown) => console.error('Could not load the texts', error));

// The menu page comes rendered by the server, with the catalogue it was rendered from: the first render
// starts on that data, so it matches the page and nothing is asked for twice. In another language than
// the customer's, the page is rendered again in theirs.
const shopData = readShopData(document);
const rendered = shopData?.language === currentLanguage();
if (shopData && rendered) seedShopData(queryClient, shopData);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const app = <App queryClient={queryClient} />;
if (rendered) {
  // React keeps the server's elements and attaches the app to them, boundary by boundary (the header,
  // each menu section, the footer), yielding to the browser in between; a tap on a part not yet
  // hydrated hydrates that part first and is then replayed (docs/decisions/021). The first render must
  // be the server's: the stores start without the browser's storage, as on the server, and get it right
  // after (a stored cart, a signed-in customer), as an ordinary update.
  hydrateRoot(root, app);
  restoreBrowserState();
} else {
  // Anything else in #root (the loading screen of index.html, a page in another language) is replaced.
  restoreBrowserState();
  createRoot(root).render(app);
}
