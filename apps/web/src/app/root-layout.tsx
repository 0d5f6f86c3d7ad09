import { Outlet } from 'react-router';

/** The frame of every storefront page. */
export function RootLayout() {
  return (
    <div className="app-shell">
      <main id="main" className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
