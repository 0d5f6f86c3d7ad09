import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { StaffRole } from '@pizzeria/domain';
import { useStaffRole } from './auth/staff-session.ts';
import { AdminPage } from './forms/list-editor-page.tsx';
import { useAdminTitle } from './shell/use-admin-title.ts';

/**
 * A page the signed-in role may not use, opened by its address (a bookmark, a colleague's link): said so
 * inside the frame, with who may use it and the way to the dashboard, instead of a page whose every
 * request the server refuses.
 */
export function AdminNotForRolePage({ title, needs }: { title: string; needs: StaffRole }) {
  const { t } = useTranslation('admin');
  const role = useStaffRole() ?? 'kitchen';
  useAdminTitle(t('not_for_role.title'));
  return (
    <AdminPage
      title={t('not_for_role.title')}
      intro={t('not_for_role.text', { page: title, role: t(`roles.${role}`), needs: t(`not_for_role.needs.${needs}`) })}
    >
      <p>
        <Link href="/home" className="button button-primary">
          {t('not_found.dashboard')}
        </Link>
      </p>
    </AdminPage>
  );
}
