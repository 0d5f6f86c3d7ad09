import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page narrow">
      <h1>{t('not_found_title')}</h1>
      <p>{t('not_found_text')}</p>
      <Link to="/">{t('back_to_menu')}</Link>
    </section>
  );
}
