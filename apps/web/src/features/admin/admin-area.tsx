import './admin.css';
import './register-texts.ts';
import './forms/register-texts.ts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { AdminNotFoundPage } from './admin-not-found-page.tsx';
import { AdminNotForRolePage } from './admin-not-for-role-page.tsx';
import { AdminLoginPage } from './auth/admin-login-page.tsx';
import { RequireStaff } from './auth/require-staff.tsx';
import { useStaffRole } from './auth/staff-session.ts';
import { TicketPage } from './orders/ticket-page.tsx';
import { AdminShell } from './shell/admin-shell.tsx';
import { ADMIN_PAGES, pageAllowed } from './shell/admin-pages.ts';
import { InvitationPage } from './staff/invitation-page.tsx';
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
 * says so inside the frame, and so does a page the signed-in role may not use. The invitation's link is
 * opened signed out, like the login.
 */
export default function AdminArea() {
  const [location] = useLocation();
  useBackOfficeManifest();
  if (location === '/' || location === '') return <AdminLoginPage />;
  if (location === '/invitation') return <InvitationPage />;
  const ticket = TICKET_PATH.exec(location);
  if (ticket)
    return (
      <RequireStaff>
        <TicketPage orderId={Number(ticket[1])} />
      </RequireStaff>
    );
  return (
    <RequireStaff>
      <AdminShell>
        <PageAt location={location} />
      </AdminShell>
    </RequireStaff>
  );
}

/** The page at `location` if the role may use it; rendered inside the guard, once the role is known. */
function PageAt({ location }: { location: string }) {
  const { t } = useTranslation('admin');
  const role = useStaffRole();
  const page = ADMIN_PAGES.find((candidate) => candidate.path === location);
  if (!page) return <AdminNotFoundPage />;
  if (!pageAllowed(page, role)) return <AdminNotForRolePage title={t(page.title)} needs={page.role} />;
  const Page = PAGE_COMPONENTS[page.path];
  return <Page />;
}
