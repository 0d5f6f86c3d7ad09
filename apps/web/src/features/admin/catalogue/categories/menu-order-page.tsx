import './register-texts.ts';
import './categories.css';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminCategory } from '@pizzeria/domain';
import { SortableList } from '../../forms/sortable-list.tsx';
import { QueryState } from '../../shell/query-state.tsx';
import { useAdminTitle } from '../../shell/use-admin-title.ts';
import { categoriesQuery } from '../queries.ts';
import {
  PRODUCTS_PER_CATEGORY,
  categoryProductsQuery,
  useReorderCategories,
  useReorderProducts,
} from './api/reorder.ts';
import { useOrderStatus } from './order-status.ts';
import { AdminPage, FailureLine, StatusLine } from '../../forms/list-editor-page.tsx';
import { Labelled } from '../../forms/labelled.tsx';

/**
 * `/categories-page`: the order of the menu. Categories, and the products of one category at a time,
 * are dragged (or moved with the keyboard) into place; each drop is saved at once and shows straight
 * away, and goes back if the server refuses.
 */
export function MenuOrderPage() {
  const { t } = useTranslation('adminCategories');
  const { t: tAdmin } = useTranslation('admin');
  useAdminTitle(tAdmin('pages.categories_page'));
  const categories = useQuery(categoriesQuery());
  const status = useOrderStatus();

  return (
    <AdminPage title={tAdmin('pages.categories_page')} intro={t('order.intro')}>
      <FailureLine failure={status.failed} />
      <StatusLine status={status.saved} />
      {!categories.data ? (
        <QueryState query={categories} />
      ) : categories.data.length === 0 ? (
        <div className="card category-empty">
          <p>{t('order.empty')}</p>
          <Link href="/category-list" className="button button-secondary">
            {t('order.to_list')}
          </Link>
        </div>
      ) : (
        <>
          <CategoryOrder categories={categories.data} report={status.report} />
          <ProductOrder categories={categories.data} report={status.report} />
        </>
      )}
    </AdminPage>
  );
}

type Report = ReturnType<typeof useOrderStatus>['report'];

function CategoryOrder({ categories, report }: { categories: readonly AdminCategory[]; report: Report }) {
  const { t } = useTranslation('adminCategories');
  const reorder = useReorderCategories();
  const headingId = useId();
  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('order.categories')}</h2>
      <SortableList
        items={categories.map((category) => ({ ...category, label: category.name.de }))}
        label={t('order.categories_label')}
        disabled={reorder.isPending}
        onReorder={(ids) => {
          report.clear();
          reorder.mutate(ids, { onSuccess: report.onSuccess, onError: report.onError });
        }}
        renderItem={(category) => <OrderItem name={category.label} hidden={category.hidden} />}
      />
    </section>
  );
}

function ProductOrder({ categories, report }: { categories: readonly AdminCategory[]; report: Report }) {
  const { t } = useTranslation('adminCategories');
  const headingId = useId();
  const selectId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  // The first category until one is chosen, and again if the chosen one was removed meanwhile.
  const category = categories.find((candidate) => candidate.id === chosen) ?? categories[0];
  if (!category) return null;
  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('order.products')}</h2>
      <Labelled id={selectId} label={t('order.category')} className="category-choice">
        <select
          id={selectId}
          className="input"
          value={category.id}
          onChange={(event) => setChosen(Number(event.target.value))}
        >
          {categories.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name.de}
            </option>
          ))}
        </select>
      </Labelled>
      <CategoryProducts key={category.id} category={category} report={report} />
    </section>
  );
}

function CategoryProducts({ category, report }: { category: AdminCategory; report: Report }) {
  const { t } = useTranslation('adminCategories');
  const products = useQuery(categoryProductsQuery(category.id));
  const reorder = useReorderProducts(category.id);
  // A page kept from the category shown before is no list to reorder.
  if (!products.data || products.isPlaceholderData) return <QueryState query={products} />;
  if (products.data.items.length === 0) return <p className="admin-muted">{t('order.no_products')}</p>;
  if (products.data.total > products.data.items.length) {
    return <p className="admin-muted">{t('order.too_many', { max: PRODUCTS_PER_CATEGORY })}</p>;
  }
  return (
    <SortableList
      items={products.data.items.map((product) => ({ ...product, label: product.name.de }))}
      label={t('order.products_label', { name: category.name.de })}
      disabled={reorder.isPending}
      onReorder={(ids) => {
        report.clear();
        reorder.mutate(ids, { onSuccess: report.onSuccess, onError: report.onError });
      }}
      renderItem={(product) => <OrderItem name={product.label} hidden={product.hidden} />}
    />
  );
}

function OrderItem({ name, hidden }: { name: string; hidden: boolean }) {
  const { t } = useTranslation('adminCategories');
  return (
    <span className="category-order-item">
      <span className="category-order-name">{name}</span>
      {hidden ? <span className="category-badge">{t('list.hidden')}</span> : null}
    </span>
  );
}
