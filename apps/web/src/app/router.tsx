import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { MenuPage } from '../features/menu/index.ts';
import { RootLayout } from './root-layout.tsx';

export const BASE_PATH = '/order-online';

const NotFoundPage = lazy(() => import('./not-found-page.tsx'));

/**
 * Routes of SPEC §2 under /order-online. The menu is in the first load; every other screen is a lazy
 * module (React.lazy) so the first load stays inside its budget (docs/decisions/003).
 */
export function AppRoutes() {
  return (
    <BrowserRouter basename={BASE_PATH}>
      <Suspense fallback={null}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route index element={<MenuPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
