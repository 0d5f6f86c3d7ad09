import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminPageTitle } from './admin-pages.ts';
import { useAdminTitle } from './use-admin-title.ts';

/** A catalogue or settings page that issue 11 builds: its title, and a friendly word that it is coming. */
export function ComingSoonPage({ title }: { title: AdminPageTitle }) {
  const { t } = useTranslation('admin');
  useAdminTitle(t(title));
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">{t(title)}</h1>
      <div className="card admin-coming-soon">
        <p className="admin-coming-soon-badge">{t('coming_soon.title')}</p>
        <p>{t('coming_soon.text')}</p>
        <Link href="/home" className="button button-secondary">
          {t('coming_soon.back')}
        </Link>
      </div>
    </section>
  );
}
