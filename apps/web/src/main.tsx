import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { restoreSession } from './features/session/index.ts';
import { currentLanguage, loadLanguage } from './i18n/index.ts';
import './styles/global.css';

restoreSession();
// A customer who chose English gets the English texts before the first paint; German is bundled.
await loadLanguage(currentLanguage()).catch((error: unknown) => console.error('Could not load the texts', error));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
