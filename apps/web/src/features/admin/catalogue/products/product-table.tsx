import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminCategory, AdminProductSummary } from '@pizzeria/domain';
import { AdminApiError } from '../../forms/api-errors.ts';
import { CardTable, cardColumns } from '../../forms/card-table.tsx';
import { useSetSoldOut } from './api/set-sold-out.ts';
import { isSoldOut, useProductFormat } from './product-format.ts';

/** What a sold-out toggle did, for the list's status line. */
export interface SoldOutOutcome {
  kind: 'done' | 'conflict' | 'failed';
  text: string;
}

const column = cardColumns<AdminProductSummary>();

/** Column ids are the texts' keys of their headings. */
type ColumnId = 'picture' | 'name' | 'category' | 'price' | 'state' | 'actions';

/**
 * One page of products; the name heads its row.
 */
export function ProductTable({
  products,
  categories,
  onSoldOut,
  mayEdit = true,
  busy,
}: {
  products: AdminProductSummary[];
  categories: readonly AdminCategory[];
  onSoldOut: (outcome: SoldOutOutcome) => void;
  /** False for the kitchen: it marks dishes sold out, but edits none. */
  mayEdit?: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'list' });
  const columns = useMemo(
    () => [
      column.display({ id: 'picture', cell: ({ row }) => <Thumbnail product={row.original} /> }),
      column.display({ id: 'name', cell: ({ row }) => <ProductName product={row.original} /> }),
      column.display({
        id: 'category',
        cell: ({ row }) => (
          <CategoryName category={categories.find((category) => category.id === row.original.category_id)} />
        ),
      }),
      column.display({ id: 'price', cell: ({ row }) => <Price product={row.original} /> }),
      column.display({ id: 'state', cell: ({ row }) => <StateBadges product={row.original} /> }),
      column.display({
        id: 'actions',
        cell: ({ row }) => <RowActions product={row.original} onSoldOut={onSoldOut} mayEdit={mayEdit} />,
      }),
    ],
    [categories, onSoldOut, mayEdit],
  );
  return (
    <CardTable
      name="products"
      wrapClass="products-table-wrap"
      caption={t('caption')}
      busy={busy}
      columns={columns}
      rows={products}
      rowId={(product) => String(product.id)}
      heading={(id) => t(id as ColumnId)}
      rowHeader={{ id: 'name', className: 'products-name' }}
      numeric="price"
      unlabelled={UNLABELLED}
    />
  );
}

/** The picture and the buttons say what they are without their column's name. */
const UNLABELLED = ['picture', 'actions'];

function Thumbnail({ product }: { product: AdminProductSummary }) {
  // The name beside it says what it shows: the picture is decoration.
  return product.image_url ? (
    <img src={product.image_url} alt="" width={64} height={48} loading="lazy" className="products-thumb" />
  ) : (
    <span className="products-thumb" aria-hidden="true" />
  );
}

function ProductName({ product }: { product: AdminProductSummary }) {
  return useProductFormat().name(product.name);
}

function CategoryName({ category }: { category: AdminCategory | undefined }) {
  const format = useProductFormat();
  return category ? format.name(category.name) : null;
}

function Price({ product }: { product: AdminProductSummary }) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'list' });
  const format = useProductFormat();
  const price = format.price(product.price);
  return (
    <>
      {product.type === 'variable' ? t('from_price', { price }) : price}
      {/* The deposit is charged on top, as the shop names it beside the price. */}
      {product.deposit > 0 && (
        <span className="products-deposit">{t('plus_deposit', { deposit: format.price(product.deposit) })}</span>
      )}
    </>
  );
}

function StateBadges({ product }: { product: AdminProductSummary }) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'list' });
  const format = useProductFormat();
  const until = isSoldOut(product.sold_out_until) ? product.sold_out_until : null;
  if (!product.hidden && !until) return null;
  return (
    <ul className="products-badges">
      {product.hidden ? <li className="products-badge">{t('badge_hidden')}</li> : null}
      {until ? (
        <li className="products-badge products-badge-sold-out">
          {t('badge_sold_out', { until: format.moment(until) })}
        </li>
      ) : null}
    </ul>
  );
}

/** Edit, and what staff do most during service: sold out for today, or back on sale. */
function RowActions({
  product,
  onSoldOut,
  mayEdit,
}: {
  product: AdminProductSummary;
  onSoldOut: (outcome: SoldOutOutcome) => void;
  mayEdit: boolean;
}) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'list' });
  const { t: tAdmin } = useTranslation('admin');
  const format = useProductFormat();
  const soldOut = useSetSoldOut();
  const name = format.name(product.name);
  const until = isSoldOut(product.sold_out_until) ? product.sold_out_until : null;

  const toggle = () =>
    soldOut.mutate(
      { id: product.id, soldOut: until === null, version: product.version },
      {
        onSuccess: (answer) =>
          onSoldOut({
            kind: 'done',
            text: isSoldOut(answer.sold_out_until)
              ? t('sold_out_done', { name, until: format.moment(answer.sold_out_until) })
              : t('on_sale_done', { name }),
          }),
        onError: (failure) =>
          onSoldOut(
            failure instanceof AdminApiError && failure.code === 'version_conflict'
              ? { kind: 'conflict', text: t('changed_meanwhile', { name }) }
              : { kind: 'failed', text: failure instanceof AdminApiError ? failure.message : tAdmin('generic_error') },
          ),
      },
    );

  return (
    <div className="products-actions">
      {mayEdit ? (
        <Link
          href={`/products?id=${product.id}`}
          className="button button-secondary"
          aria-label={t('edit_named', { name })}
        >
          {t('edit')}
        </Link>
      ) : null}
      <button
        type="button"
        className="button button-secondary"
        disabled={soldOut.isPending}
        aria-label={until ? t('back_on_sale_named', { name }) : t('sell_out_named', { name })}
        onClick={toggle}
      >
        {until ? t('back_on_sale') : t('sell_out')}
      </button>
    </div>
  );
}
