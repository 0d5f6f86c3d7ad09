import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { BaseLocationHook } from 'wouter';
import { i18n } from '../i18n/index.ts';
import { AppRoutes } from './router.tsx';

/**
 * The shop with its providers. On the server (entry-server.tsx) `locationHook` gives the rendered path;
 * in the browser the router follows the address bar.
 */
export function App({ queryClient, locationHook }: { queryClient: QueryClient; locationHook?: BaseLocationHook }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppRoutes locationHook={locationHook} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
