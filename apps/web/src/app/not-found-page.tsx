import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/page-title.ts';

/** Unknown paths: the bare restaurant name as title (docs/product/shop.md) and a way back to the menu. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle();
  return (
    <section className="container page narrow not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{t('not_found_title')}</h1>
      <p>{t('not_found_text')}</p>
      <Link className="button button-primary" href="/">
        {t('back_to_menu')}
      </Link>
    </section>
  );
}
