import './register-texts.ts';
import './declarations.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { confirmLeave } from '../../forms/unsaved-changes.ts';
import { useAdminTitle } from '../../shell/use-admin-title.ts';
import { ProductDeclarations, ToppingDeclarations } from './item-declarations.tsx';
import { ProductPicker, ToppingPicker } from './item-pickers.tsx';
import { AdminPage } from '../../forms/list-editor-page.tsx';

type ItemKind = 'product' | 'topping';

function idParam(value: string | null): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * `/admin/item-allergy`: which allergens and additives a product or a topping contains. `?product=N` or
 * `?topping=N` chooses one (the product and topping pages link here), so a reload keeps the choice.
 */
export function ItemAllergyPage() {
  const { t } = useTranslation('admin');
  const { t: tAssign } = useTranslation('adminDeclarations', { keyPrefix: 'assign' });
  useAdminTitle(t('pages.item_allergy'));
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const productId = idParam(params.get('product'));
  const toppingId = idParam(params.get('topping'));
  // The address decides while it names an item (a link from the product or topping page); the radio
  // buttons decide while nothing is chosen yet.
  const [chosenKind, setKind] = useState<ItemKind>('product');
  const kind: ItemKind = productId ? 'product' : toppingId ? 'topping' : chosenKind;
  const selectedId = kind === 'product' ? productId : toppingId;

  const choose = (nextKind: ItemKind, id: number | null) => {
    if (!confirmLeave()) return;
    setKind(nextKind);
    navigate(id ? `/item-allergy?${nextKind}=${id}` : '/item-allergy', { replace: true });
  };

  return (
    <AdminPage title={t('pages.item_allergy')} intro={tAssign('intro')}>
      <div className="card admin-form item-chooser">
        <fieldset className="item-kind">
          <legend className="field-label">{tAssign('kind')}</legend>
          {(['product', 'topping'] as const).map((option) => (
            <label key={option} className="item-kind-option">
              <input
                type="radio"
                name="item-kind"
                value={option}
                checked={kind === option}
                onChange={() => choose(option, null)}
              />
              <span>{tAssign(option)}</span>
            </label>
          ))}
        </fieldset>
        {kind === 'product' ? (
          <ProductPicker selectedId={productId} onChoose={(id) => choose('product', id)} />
        ) : (
          <ToppingPicker selectedId={toppingId} onChoose={(id) => choose('topping', id)} />
        )}
      </div>
      {selectedId === null ? (
        <p className="admin-muted">{tAssign('pick_first')}</p>
      ) : kind === 'product' ? (
        <ProductDeclarations key={selectedId} productId={selectedId} />
      ) : (
        <ToppingDeclarations key={selectedId} toppingId={selectedId} />
      )}
    </AdminPage>
  );
}
