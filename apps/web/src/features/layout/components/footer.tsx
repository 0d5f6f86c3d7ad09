import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { assetUrl } from '../../../lib/asset-url.ts';
import { useRestaurantName, useStore } from '../../store/index.ts';

/** Copyright, help and, where the store's region asks for it, the privacy policy (docs/product/shop.md). */
export default function Footer() {
  const { t } = useTranslation('layout');
  const name = useRestaurantName();
  const { data: store } = useStore();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <img src={assetUrl('images/favicon.svg')} alt="" width="48" height="48" />
          <div>
            <p className="footer-name">{name}</p>
            <p className="footer-tagline">{t('footer_tagline')}</p>
            {store ? (
              <p className="footer-contact">
                {store.address} · <a href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}>{store.phone}</a>
              </p>
            ) : null}
          </div>
        </div>
        <nav className="footer-nav" aria-label={t('footer_nav')}>
          <Link href="/support">{t('footer_support')}</Link>
          {store?.region.show_legal_link ? (
            // A plain link: the router's Link would navigate in this tab and ignore target="_blank".
            <a href={`${import.meta.env.BASE_URL}privacypolicy`} target="_blank" rel="noopener">
              {t('footer_privacy')}
              <span className="sr-only"> {t('new_tab')}</span>
            </a>
          ) : null}
        </nav>
        <p className="footer-copyright">{t('footer_copyright', { year, name })}</p>
      </div>
    </footer>
  );
}
