import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18n } from '../i18n/index.ts';

/** A query client for tests: no retries, nothing refetched behind the test's back. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
}

/**
 * Renders with the app's providers (i18n, TanStack Query, a memory router). `queryData` seeds the
 * cache by query key, so components render known API data without a server.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: { queryData?: [readonly unknown[], unknown][]; route?: string; queryClient?: QueryClient } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = options.queryClient ?? createTestQueryClient();
  for (const [key, data] of options.queryData ?? []) queryClient.setQueryData(key, data);
  const location = memoryLocation({ path: options.route ?? '/' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook}>{children}</Router>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return Object.assign(render(ui, { wrapper }), { queryClient });
}

/**
 * Renders `page` at `route` as the router would (`path`, its pattern, is the route by default), with a
 * paragraph standing in for each page it may lead to: `exits` maps a path pattern to that text.
 */
export function renderPage(
  page: ReactElement,
  options: {
    route: string;
    path?: string;
    exits?: Record<string, string>;
    queryData?: [readonly unknown[], unknown][];
  },
): RenderResult & { queryClient: QueryClient } {
  return renderWithProviders(
    <Switch>
      <Route path={options.path ?? options.route}>{page}</Route>
      {Object.entries(options.exits ?? {}).map(([path, text]) => (
        <Route key={path} path={path}>
          <p>{text}</p>
        </Route>
      ))}
    </Switch>,
    { route: options.route, queryData: options.queryData },
  );
}
