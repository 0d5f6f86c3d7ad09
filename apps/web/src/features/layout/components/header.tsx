import '../layout.css';
import { useTranslation } from 'react-i18next';
import { CartButton, clearCart, isOrderPlaced } from '../../cart/index.ts';
import { PostcodeChip } from '../../delivery/index.ts';
import { useRestaurantName } from '../../store/index.ts';
import { AccountArea } from './account-area.tsx';
import { BrandLink } from './brand-link.tsx';
import { LanguageSelect } from './language-select.tsx';
import { MobileSearch } from './mobile-search.tsx';

/** Going home after an order went out (`order_placed`) starts a fresh cart (docs/product/shop.md). */
function clearPlacedOrder(): void {
  if (isOrderPlaced()) clearCart();
}

/** The sticky shop header (docs/product/shop.md): brand, delivery area, language, account, cart; search on phones. */
export function Header() {
  const { t } = useTranslation('layout');
  const name = useRestaurantName();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('skip_to_content')}
      </a>
      <div className="container header-bar">
        <BrandLink name={name} onNavigate={clearPlacedOrder} />
        <div className="header-chip">
          <PostcodeChip />
        </div>
        <div className="header-actions">
          <LanguageSelect />
          <AccountArea />
          <CartButton />
        </div>
      </div>
      <div className="container header-search only-mobile">
        <MobileSearch />
      </div>
    </header>
  );
}
