import './loading-screen.css';
import { useTranslation } from 'react-i18next';
import { assetUrl } from './asset-url.ts';

/**
 * The logo while the shop first loads (docs/product/shop.md): over the whole screen, or (`variant="page"`) in the
 * page's place while a lazy page loads, so the header stays put.
 */
export function LoadingScreen({ variant = 'fullscreen' }: { variant?: 'fullscreen' | 'page' }) {
  const { t } = useTranslation();
  return (
    <div className="loading-screen" data-variant={variant} role="status">
      <img className="loading-logo" src={assetUrl('images/logo.svg')} alt="" width="240" height="62" />
      <span className="loading-bar" aria-hidden="true" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
