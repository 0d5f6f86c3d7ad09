import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildCartItem, needsOptionsDialog, toCents, type Product } from '@pizzeria/domain';
import { InfoIcon } from '../../../lib/icons.tsx';
import { useMoney } from '../../../lib/use-money.ts';
import { PlusIcon, useCart } from '../../cart/index.ts';
import { useCurrency } from '../../store/index.ts';
import { announce } from '../announcer.ts';
import { displayPrice } from '../menu-model.ts';
import { openProductOptions } from '../options/options-store.ts';

/**
 * Quick-add (docs/product/shop.md): a dish with sizes or extras to choose opens the product dialog; anything else
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

/**
 * The dish's allergen and additive codes (German menus print them; LMIV), in a compact row that says
 * what they are: it names them on hover (its title) and on a tap, which opens their names below it.
 */
function CodesRow({ product, marks }: { product: Product; marks: { code: string; name: string }[] }) {
  const { t } = useTranslation('menu');
  const [open, setOpen] = useState(false);
  const namesId = `product-${product.id}-codes`;
  const label =
    product.allergens.length === 0
      ? t('codes_additives')
      : product.additives.length === 0
        ? t('codes_allergens')
        : t('codes_both');
  const named = marks.map((mark) => `${mark.code} ${mark.name}`).join(', ');
  return (
    <div className="product-card-codes">
      <button
        type="button"
        className="product-card-codes-toggle"
        aria-expanded={open}
        aria-controls={namesId}
        title={named}
        onClick={() => setOpen((was) => !was)}
      >
        <InfoIcon width="14" height="14" />
        <span>{label}:</span> <span>{marks.map((mark) => mark.code).join(', ')}</span>
        <span className="sr-only">{t('codes_label', { codes: marks.map((mark) => mark.name).join(', ') })}</span>
      </button>
      <p id={namesId} className="product-card-codes-names" hidden={!open}>
        {named}
      </p>
    </div>
  );
}

export function ProductCard({ product }: { product: Product }) {
  const { t } = useTranslation('menu');
  const money = useMoney(useCurrency());
  const price = displayPrice(product);
  const opensDialog = needsOptionsDialog(product);
  const marks = [...product.allergens, ...product.additives];
  const headingId = `product-${product.id}`;
  const add = () => quickAdd(product, (name) => t('added', { name }));
  return (
    <article
      className={`product-card${product.available ? '' : ' is-unavailable'}`}
      data-sold-out={product.sold_out || undefined}
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
        {marks.length > 0 && <CodesRow product={product} marks={marks} />}
        <p className="product-card-price">
          {product.available
            ? price.from
              ? t('price_from', { price: money(price.cents) })
              : money(price.cents)
            : t(product.sold_out ? 'sold_out' : 'unavailable')}
          {product.available && product.deposit > 0 && (
            <span className="product-card-deposit">{t('deposit', { price: money(toCents(product.deposit)) })}</span>
          )}
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
