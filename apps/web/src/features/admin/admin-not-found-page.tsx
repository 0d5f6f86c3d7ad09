import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { AdminPage } from './forms/list-editor-page.tsx';
import { useAdminTitle } from './shell/use-admin-title.ts';

/**
 * An address under `/admin` that names no page (a typo, an old bookmark): said so inside the back
 * office's frame, with the way back to the dashboard, rather than a silent jump that hides the mistake.
 */
export function AdminNotFoundPage() {
  const { t } = useTranslation('admin');
  const [location] = useLocation();
  useAdminTitle(t('not_found.title'));
  return (
    <AdminPage title={t('not_found.title')} intro={t('not_found.text', { path: `/admin${location}` })}>
      <p>
        <Link href="/home" className="button button-primary">
          {t('not_found.dashboard')}
        </Link>
      </p>
    </AdminPage>
  );
}
