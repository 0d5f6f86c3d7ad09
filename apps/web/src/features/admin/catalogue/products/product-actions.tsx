import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { AdminProduct } from '@pizzeria/domain';
import { AdminApiError } from '../../forms/api-errors.ts';
import { productQuery } from '../queries.ts';
import { useArchiveProduct } from './api/archive-product.ts';
import { useSetSoldOut } from './api/set-sold-out.ts';
import { isSoldOut, useProductFormat } from './product-format.ts';

/** A failure's words: the server's (already in the page's language), else the page's own. */
function failureMessage(failure: unknown, conflictText: string, fallback: string) {
  if (failure instanceof AdminApiError) return failure.code === 'version_conflict' ? conflictText : failure.message;
  return fallback;
}

/**
 * Sold out for today, or back on sale, at once (not with the form's save): the kitchen runs out in the
 * middle of service. `onChanged` hears the new version, so the form's next save is not taken for
 * someone else's change.
 */
export function SoldOutPanel({
  product,
  onChanged,
}: {
  product: AdminProduct;
  onChanged: (before: number, after: AdminProduct) => void;
}) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'editor' });
  const { t: tAdmin } = useTranslation('admin');
  const format = useProductFormat();
  const queryClient = useQueryClient();
  const soldOut = useSetSoldOut();
  const until = isSoldOut(product.sold_out_until) ? product.sold_out_until : null;

  const toggle = () =>
    soldOut.mutate(
      { id: product.id, soldOut: until === null, version: product.version },
      {
        onSuccess: (answer) => onChanged(product.version, answer),
        onError: () => void queryClient.invalidateQueries({ queryKey: productQuery(product.id).queryKey }),
      },
    );

  return (
    <section className="card product-side-panel" aria-labelledby="product-availability">
      <h2 id="product-availability">{t('availability')}</h2>
      <p role="status" className="product-availability-state" data-sold-out={until !== null || undefined}>
        {until ? t('sold_out_until', { until: format.moment(until) }) : t('on_sale')}
      </p>
      <button type="button" className="button button-secondary" disabled={soldOut.isPending} onClick={toggle}>
        {until ? t('back_on_sale') : t('sell_out')}
      </button>
      <p className="admin-hint">{t('sold_out_hint')}</p>
      {soldOut.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(soldOut.error, t('changed_meanwhile'), tAdmin('generic_error'))}
        </p>
      ) : null}
    </section>
  );
}

/** "Produkt entfernen", asked once more in place: orders keep their names, the menu loses it. */
export function ArchivePanel({ product, name }: { product: AdminProduct; name: string }) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'editor' });
  const { t: tAdmin } = useTranslation('admin');
  const { t: tForms } = useTranslation('adminForms');
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const archive = useArchiveProduct();
  const [asking, setAsking] = useState(false);

  const remove = () =>
    archive.mutate(
      { id: product.id, version: product.version },
      {
        onSuccess: () => navigate('/products-list'),
        onError: () => void queryClient.invalidateQueries({ queryKey: productQuery(product.id).queryKey }),
      },
    );

  return (
    <section className="card product-side-panel" aria-labelledby="product-remove">
      <h2 id="product-remove">{t('remove')}</h2>
      {asking ? (
        <div role="group" aria-labelledby="product-remove-question">
          <p id="product-remove-question" className="product-remove-question">
            {t('remove_question', { name })}
          </p>
          <p className="admin-hint">{t('remove_text')}</p>
          <div className="admin-actions">
            <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
              {tForms('cancel')}
            </button>
            <button type="button" className="button button-primary" disabled={archive.isPending} onClick={remove}>
              {archive.isPending ? t('removing') : t('remove_confirm')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="admin-hint">{t('remove_text')}</p>
          <button type="button" className="button button-secondary" onClick={() => setAsking(true)}>
            {t('remove')}
          </button>
        </>
      )}
      {archive.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(archive.error, t('changed_meanwhile'), tAdmin('generic_error'))}
        </p>
      ) : null}
    </section>
  );
}
