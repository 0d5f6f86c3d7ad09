import { lazy, Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import { MenuPage } from '../features/menu/index.ts';
import { LoginDialogHost } from '../features/auth/index.ts';
import { RootLayout } from './root-layout.tsx';

export const BASE_PATH = '/order-online';

const NotFoundPage = lazy(() => import('./not-found-page.tsx'));
const SupportPage = lazy(() => import('../features/pages/support-page.tsx'));
const PrivacyPage = lazy(() => import('../features/pages/privacy-page.tsx'));
const LoginPage = lazy(() => import('../features/auth/components/login-page.tsx'));
const RegisterPage = lazy(() => import('../features/auth/components/register-page.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/auth/components/forgot-password-page.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page.tsx'));
const GuestLoginPage = lazy(() => import('../features/checkout/guest-login-page.tsx'));
const CheckoutPage = lazy(() => import('../features/checkout/checkout-page.tsx'));
const UpdateAddressPage = lazy(() => import('../features/addresses/update-address-page.tsx'));
const OrderPage = lazy(() => import('../features/orders/order-page.tsx'));
const OrderHistoryPage = lazy(() => import('../features/orders/order-history-page.tsx'));
// "Mein Konto" and the confirm-email page share one chunk: the second is small and mostly the first's parts.
const AccountPage = lazy(() => import('../features/account/account-page.tsx'));
const ConfirmEmailPage = lazy(() =>
  import('../features/account/account-page.tsx').then((module) => ({ default: module.ConfirmEmailPage })),
);
// The back office: lazy chunks with their own frame (docs/product/back-office.md), reached through a tiny loader chunk.
const AdminArea = lazy(() => import('../features/admin/load-admin-area.ts').then((module) => module.loadAdminArea()));

/**
 * The routes of docs/product/shop.md under /order-online. The menu is in the first load; every other screen is a lazy
 * module (React.lazy) so the first load stays inside its budget (docs/decisions/003, 004). The login modal
 * (opened from the cart's checkout) sits beside the layout so a page loading never unmounts it. The back
 * office under /admin has its own frame, so it sits beside the storefront's layout, not inside it. On the
 * server (`ssrPath` given) the router reads the rendered path instead of the address bar.
 */
export function AppRoutes({ ssrPath, ssrSearch }: { ssrPath?: string; ssrSearch?: string }) {
  return (
    <Router base={BASE_PATH} ssrPath={ssrPath} ssrSearch={ssrSearch}>
      <Switch>
        <Route path="/admin" nest>
          <Suspense fallback={null}>
            <AdminArea />
          </Suspense>
        </Route>
        <Route>
          <RootLayout>
            <Switch>
              <Route path="/" component={MenuPage} />
              <Route path="/support" component={SupportPage} />
              <Route path="/privacypolicy" component={PrivacyPage} />
              <Route path="/login/:nextpage?" component={LoginPage} />
              <Route path="/register" component={RegisterPage} />
              <Route path="/forgot-password" component={ForgotPasswordPage} />
              <Route path="/reset-password" component={ResetPasswordPage} />
              <Route path="/guest-login" component={GuestLoginPage} />
              <Route path="/update-address" component={UpdateAddressPage} />
              <Route path="/checkout" component={CheckoutPage} />
              <Route path="/order/:id" component={OrderPage} />
              <Route path="/orders" component={OrderHistoryPage} />
              <Route path="/account" component={AccountPage} />
              <Route path="/confirm-email" component={ConfirmEmailPage} />
              <Route component={NotFoundPage} />
            </Switch>
          </RootLayout>
          <LoginDialogHost />
        </Route>
      </Switch>
    </Router>
  );
}
