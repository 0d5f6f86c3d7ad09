import { render, type ComponentChild } from 'preact';
import { App } from './app/app.tsx';
import { queryClient } from './app/query-client.ts';
import { readShopData, seedShopData } from './app/shop-data.ts';
import { restoreSession } from './features/session/index.ts';
import { currentLanguage, loadLanguage } from './i18n/index.ts';
import './styles/global.css';

restoreSession();
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
// Over the server's page, Preact's own render keeps the elements that match and corrects what differs
// (docs/decisions/013). Anything else in #root (the loading screen of index.html, a page in another
// language) goes first, as React's createRoot would do.
if (!rendered) root.textContent = '';
// The server's page is on screen and readable: starting the app is a task of its own, so loading the
// script and rendering it never make one long task a tap would wait behind.
else await new Promise((resolve) => setTimeout(resolve, 0));
render((<App queryClient={queryClient} />) as unknown as ComponentChild, root);
