import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { AppRoutes } from './router.tsx';

/**
 * The shop with its providers. On the server (entry-server.tsx) `ssrPath` and `ssrSearch` give the
 * rendered address; in the browser the router follows the address bar.
 */
export function App({
  queryClient,
  ssrPath,
  ssrSearch,
}: {
  queryClient: QueryClient;
  ssrPath?: string;
  ssrSearch?: string;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppRoutes ssrPath={ssrPath} ssrSearch={ssrSearch} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
