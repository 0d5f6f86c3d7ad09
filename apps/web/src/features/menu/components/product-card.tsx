import { useTranslation } from 'react-i18next';
import { buildCartItem, needsOptionsDialog, type Product } from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { PlusIcon, useCart } from '../../cart/index.ts';
import { useCurrency } from '../../store/index.ts';
import { announce } from '../announcer.ts';
import { displayPrice } from '../menu-model.ts';
import { openProductOptions } from '../options/options-store.ts';

/**
 * Quick-add (SPEC §4): a dish with sizes or extras to choose opens the product dialog; anything else
 * goes straight into the cart, or one more of it if it is there already.
 */
export function quickAdd(product: Product, addedText: (name: string) => string): void {
  if (needsOptionsDialog(product)) {
    openProductOptions(product.id);
    return;
  }
  const item = buildCartItem(product, { variantId: null, extras: [], quantity: 1 });
  useCart.getState().add(item);
  announce(addedText(item.displayName));
}

export function ProductCard({ product }: { product: Product }) {
  const { t } = useTranslation('menu');
  const money = useMoney(useCurrency());
  const price = displayPrice(product);
  const opensDialog = needsOptionsDialog(product);
  const codes = [...product.allergens, ...product.additives].map((entry) => entry.code);
  const names = [...product.allergens, ...product.additives].map((entry) => entry.name);
  const headingId = `product-${product.id}`;
  const add = () => quickAdd(product, (name) => t('added', { name }));
  return (
    <article
      className={`product-card${product.available ? '' : ' is-unavailable'}`}
      aria-labelledby={headingId}
      onClick={(event) => {
        // A click on the dish itself (not on its button, not while selecting text) adds it too.
        const target = event.target as Element;
        if (!product.available || target.closest('button') || window.getSelection()?.toString()) return;
        add();
      }}
    >
      <div className="product-card-body">
        <h3 id={headingId} className="product-card-name">
          {product.name}
        </h3>
        {product.description && <p className="product-card-description">{product.description}</p>}
        {codes.length > 0 && (
          <p className="product-card-codes">
            <span aria-hidden="true">{codes.join(', ')}</span>
            <span className="sr-only">{t('codes_label', { codes: names.join(', ') })}</span>
          </p>
        )}
        <p className="product-card-price">
          {product.available
            ? price.from
              ? t('price_from', { price: money(price.cents) })
              : money(price.cents)
            : t('unavailable')}
        </p>
      </div>
      <div className="product-card-media">
        {product.image_url && (
          <img src={product.image_url} alt="" width="160" height="160" loading="lazy" decoding="async" />
        )}
        <button
          type="button"
          className="product-card-add"
          disabled={!product.available}
          aria-haspopup={opensDialog ? 'dialog' : undefined}
          aria-label={opensDialog ? t('choose_label', { name: product.name }) : t('add_label', { name: product.name })}
          onClick={add}
        >
          <PlusIcon width="20" height="20" />
        </button>
      </div>
    </article>
  );
}
