import './register-texts.ts';
import './products.css';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { staffRoleAllows, type AdminCategory, type AdminProductQuery } from '@pizzeria/domain';
import { useStaffRole } from '../../auth/staff-session.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { useAdminTitle } from '../../shell/use-admin-title.ts';
import { CATALOGUE_KEYS, categoriesQuery, productPageQuery } from '../queries.ts';
import { useProductFormat } from './product-format.ts';
import { ProductTable, type SoldOutOutcome } from './product-table.tsx';
import { Labelled } from '../../forms/labelled.tsx';

const PAGE_SIZE = 25;
/** How long typing pauses before the server is asked: one request per word, not per letter. */
const SEARCH_DELAY_MS = 300;

type YesNo = '' | 'true' | 'false';
interface Filters {
  category_id: string;
  hidden: YesNo;
  sold_out: YesNo;
}
const NO_FILTERS: Filters = { category_id: '', hidden: '', sold_out: '' };
const NO_CATEGORIES: readonly AdminCategory[] = [];

/** The search as typed, and as sent once typing pauses. */
function useDebouncedSearch() {
  const [typed, setTyped] = useState('');
  const [sent, setSent] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSent(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const clear = () => {
    setTyped('');
    setSent('');
  };
  return { typed, sent, setTyped, clear };
}

/**
 * `/products-list`: every product, searched and filtered by the server a page at a time, each
 * with its picture, price, state, and what staff do most: edit it, or mark it sold out for today. The
 * kitchen comes here for the latter only: it sees no way to add or edit a product.
 */
export function ProductsListPage() {
  const { t } = useTranslation('admin');
  const { t: tList } = useTranslation('adminProducts', { keyPrefix: 'list' });
  useAdminTitle(t('pages.products_list'));
  const search = useDebouncedSearch();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<SoldOutOutcome | null>(null);
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesQuery());
  const mayEdit = staffRoleAllows(useStaffRole(), 'manager');

  const query: Partial<AdminProductQuery> = {
    search: search.sent,
    category_id: filters.category_id ? Number(filters.category_id) : undefined,
    hidden: filters.hidden || undefined,
    sold_out: filters.sold_out || undefined,
    page,
    page_size: PAGE_SIZE,
  };
  const products = useQuery(productPageQuery(query));
  const filtered = search.sent !== '' || Object.values(filters).some((value) => value !== '');

  // A new search or filter starts again at the first page.
  const [lastQuery, setLastQuery] = useState({ search: search.sent, filters });
  if (lastQuery.search !== search.sent || lastQuery.filters !== filters) {
    setLastQuery({ search: search.sent, filters });
    setPage(1);
  }

  // Stable, so the table's columns are not rebuilt on every keystroke in the search box.
  const onSoldOut = useCallback(
    (next: SoldOutOutcome) => {
      setOutcome(next);
      if (next.kind === 'conflict') void queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.products });
    },
    [queryClient],
  );

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <div className="admin-page-head products-list-head">
        <div>
          <h1 id="admin-page-title">{t('pages.products_list')}</h1>
          <p className="admin-muted">{mayEdit ? tList('intro') : tList('intro_sold_out')}</p>
        </div>
        {mayEdit ? (
          <Link href="/products" className="button button-primary">
            {tList('new')}
          </Link>
        ) : null}
      </div>
      <ProductFilters
        search={search.typed}
        onSearch={search.setTyped}
        filters={filters}
        onFilters={setFilters}
        categories={categories.data ?? NO_CATEGORIES}
      />
      <p role="status" className="products-outcome">
        {outcome?.text ?? ''}
      </p>
      {!products.data ? (
        <QueryState query={products} />
      ) : products.data.total === 0 ? (
        <div className="card products-empty">
          <p>{filtered ? tList('no_match') : tList('empty')}</p>
          {filtered ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                search.clear();
                setFilters(NO_FILTERS);
              }}
            >
              {tList('reset_filters')}
            </button>
          ) : mayEdit ? (
            <Link href="/products" className="button button-primary">
              {tList('new')}
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          <ProductTable
            products={products.data.items}
            categories={categories.data ?? NO_CATEGORIES}
            onSoldOut={onSoldOut}
            mayEdit={mayEdit}
            busy={products.isPlaceholderData}
          />
          <Pager page={page} pageSize={PAGE_SIZE} total={products.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function ProductFilters({
  search,
  onSearch,
  filters,
  onFilters,
  categories,
}: {
  search: string;
  onSearch: (text: string) => void;
  filters: Filters;
  onFilters: (filters: Filters) => void;
  categories: readonly AdminCategory[];
}) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'list' });
  const id = useId();
  const format = useProductFormat();
  const choose = (key: keyof Filters) => (event: React.ChangeEvent<HTMLSelectElement>) =>
    onFilters({ ...filters, [key]: event.target.value });
  return (
    <search className="products-filters" aria-label={t('filters')}>
      <Labelled id={`${id}-search`} label={t('search')} className="products-search">
        <input
          id={`${id}-search`}
          className="input"
          type="search"
          value={search}
          placeholder={t('search_placeholder')}
          autoComplete="off"
          onChange={(event) => onSearch(event.target.value)}
        />
      </Labelled>
      <Labelled id={`${id}-category`} label={t('category')}>
        <select id={`${id}-category`} className="input" value={filters.category_id} onChange={choose('category_id')}>
          <option value="">{t('all_categories')}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {format.name(category.name)}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${id}-hidden`} label={t('visibility')}>
        <select id={`${id}-hidden`} className="input" value={filters.hidden} onChange={choose('hidden')}>
          <option value="">{t('all')}</option>
          <option value="false">{t('visible')}</option>
          <option value="true">{t('hidden')}</option>
        </select>
      </Labelled>
      <Labelled id={`${id}-sold-out`} label={t('availability')}>
        <select id={`${id}-sold-out`} className="input" value={filters.sold_out} onChange={choose('sold_out')}>
          <option value="">{t('all')}</option>
          <option value="false">{t('available')}</option>
          <option value="true">{t('sold_out')}</option>
        </select>
      </Labelled>
    </search>
  );
}

function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'list' });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="products-pager" aria-label={t('paging')}>
      <p className="admin-muted">
        {t('count', { count: total })}
        {pages > 1 ? ` · ${t('page_of', { page, pages })}` : ''}
      </p>
      {pages > 1 ? (
        <div className="admin-actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            {t('previous')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            {t('next')}
          </button>
        </div>
      ) : null}
    </nav>
  );
}
