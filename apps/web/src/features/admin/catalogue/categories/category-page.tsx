import './register-texts.ts';
import './categories.css';
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'wouter';
import { confirmLeave } from '../../forms/unsaved-changes.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { useAdminTitle } from '../../shell/use-admin-title.ts';
import { categoriesQuery } from '../queries.ts';
import { CategoryForm } from './category-form.tsx';

/** `?id=N` as a category id; null for none (a new category) or anything that is no id. */
function idOf(raw: string | null): number | null {
  return raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/**
 * `/category` (a new category) and `/category?id=N` (an existing one): its editor. After creating, the
 * address becomes the new category's, replacing the history entry, so a reload or a second save edits it.
 */
export function CategoryPage() {
  const { t } = useTranslation('adminCategories');
  const { t: tAdmin } = useTranslation('admin');
  useAdminTitle(tAdmin('pages.category'));
  const [search] = useSearchParams();
  const [, navigate] = useLocation();
  const raw = search.get('id');
  const categories = useQuery({ ...categoriesQuery(), enabled: raw !== null });
  // The category this page has just created: its form stays mounted (with "saved" and the version it
  // got) while the address changes to it.
  const [created, setCreated] = useState<number | null>(null);
  const id = idOf(raw);
  const row = raw === null ? null : categories.data?.find((category) => category.id === id);

  let body: ReactNode;
  if (row === undefined && !categories.data) body = <QueryState query={categories} />;
  else if (row === undefined) {
    body = (
      <p className="form-error" role="alert">
        {t('editor.not_found')}
      </p>
    );
  } else {
    body = (
      <CategoryForm
        key={row === null || row.id === created ? 'new' : row.id}
        row={row}
        onCreated={(saved) => {
          setCreated(saved.id);
          navigate(`/category?id=${saved.id}`, { replace: true });
        }}
      />
    );
  }

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <div className="admin-page-head">
        <BackLink />
        <h1 id="admin-page-title">{tAdmin('pages.category')}</h1>
        <p className="admin-muted">{row ? row.name.de : row === null ? t('editor.new_heading') : null}</p>
      </div>
      {body}
    </section>
  );
}

function BackLink() {
  const { t } = useTranslation('adminCategories');
  return (
    <Link
      href="/category-list"
      className="category-back"
      onClick={(event) => {
        if (!confirmLeave()) event.preventDefault();
      }}
    >
      {t('editor.back')}
    </Link>
  );
}
