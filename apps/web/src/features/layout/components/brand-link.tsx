import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { assetUrl } from '../../../lib/asset-url.ts';

/**
 * The logo linking to the shop's home: the wordmark from 768 px, the round mark on phones where the
 * header is tight. `onNavigate` runs before the navigation.
 */
export function BrandLink({ name, onNavigate }: { name: string; onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <Link href="/" className="brand" aria-label={t('home_link', { name })} onClick={onNavigate}>
      <picture>
        <source media="(min-width: 768px)" srcSet={assetUrl('images/logo.svg')} width="171" height="44" />
        <img className="brand-logo" src={assetUrl('images/favicon.svg')} alt="" width="40" height="40" />
      </picture>
    </Link>
  );
}
