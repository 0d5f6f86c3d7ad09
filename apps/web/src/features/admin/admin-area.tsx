import './admin.css';
import './register-texts.ts';
import './forms/register-texts.ts';
import { useLocation } from 'wouter';
import { AdminNotFoundPage } from './admin-not-found-page.tsx';
import { AdminLoginPage } from './auth/admin-login-page.tsx';
import { RequireStaff } from './auth/require-staff.tsx';
import { TicketPage } from './orders/ticket-page.tsx';
import { AdminShell } from './shell/admin-shell.tsx';
import { ADMIN_PAGES } from './shell/admin-pages.ts';
import { PAGE_COMPONENTS } from './pages.tsx';
import { useBackOfficeManifest } from './push/index.ts';

const TICKET_PATH = /^\/orders\/(\d{1,10})\/ticket$/;

/**
 * The back office under `/order-online/admin` (docs/product/back-office.md): one lazy chunk with its own frame, nothing
 * of it in the storefront's first load. The login is open; every other page is behind the staff guard.
 * Paths are relative to `/admin` (a nested route). The pages are matched from `ADMIN_PAGES` rather than
 * with wouter's `Switch`, which the storefront's lazy screens do not use: exporting it from the first
 * load to this chunk would cost bytes the storefront's budget does not have (docs/decisions/003). The
 * kitchen ticket is a page of its own, without the frame, for the printer. An address that names no page
 * says so inside the frame.
 */
export default function AdminArea() {
  const [location] = useLocation();
  useBackOfficeManifest();
  if (location === '/' || location === '') return <AdminLoginPage />;
  const ticket = TICKET_PATH.exec(location);
  if (ticket)
    return (
      <RequireStaff>
        <TicketPage orderId={Number(ticket[1])} />
      </RequireStaff>
    );
  const page = ADMIN_PAGES.find((candidate) => candidate.path === location);
  const Page = page ? PAGE_COMPONENTS[page.path] : AdminNotFoundPage;
  return (
    <RequireStaff>
      <AdminShell>
        <Page />
      </AdminShell>
    </RequireStaff>
  );
}
