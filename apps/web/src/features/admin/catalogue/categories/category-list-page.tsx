import './register-texts.ts';
import './categories.css';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminCategory } from '@pizzeria/domain';
import { failureText } from '../../../auth/index.ts';
import { ConfirmArchiveDialog } from '../../forms/confirm-archive-dialog.tsx';
import { AdminPage, FailureLine, Rows, StatusLine } from '../../forms/list-editor-page.tsx';
import { useAdminTitle } from '../../shell/use-admin-title.ts';
import { categoriesQuery } from '../queries.ts';
import { useChangeCategory, type CategoryChange } from './api/change-category.ts';
import { CategoryRow } from './category-row.tsx';

const DONE = { hide: 'list.hidden_now', show: 'list.shown_now', archive: 'list.archived_now' } as const;

/**
 * `/category-list`: the menu's categories in order, each with its product count and hidden badge, to
 * edit, hide or show, or remove while empty. Where rebuilding the menu from an empty catalogue starts.
 */
export function CategoryListPage() {
  const { t } = useTranslation('adminCategories');
  const { t: tAdmin } = useTranslation('admin');
  useAdminTitle(tAdmin('pages.category_list'));
  const categories = useQuery(categoriesQuery());
  const change = useChangeCategory();
  const [archiving, setArchiving] = useState<AdminCategory | null>(null);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const apply = (request: CategoryChange) => {
    setNotice('');
    setFailure(null);
    const name = request.category.name.de;
    change.mutate(request, {
      onSuccess: () => setNotice(t(DONE[request.kind], { name })),
      onError: (error) =>
        setFailure(t('list.failed', { name, message: failureText(error, { generic: tAdmin('generic_error') }) })),
    });
  };

  return (
    <AdminPage
      title={tAdmin('pages.category_list')}
      intro={t('list.intro')}
      headClass="category-page-head"
      actions={
        <div className="admin-actions">
          <Link href="/categories-page" className="button button-secondary">
            {t('list.reorder')}
          </Link>
          <Link href="/category" className="button button-primary">
            {t('list.new')}
          </Link>
        </div>
      }
    >
      <FailureLine failure={failure} />
      <StatusLine status={notice} />
      <Rows rows={categories} empty={<EmptyCatalogue />}>
        {(rows) => (
          <ol className="category-list" aria-label={t('list.label')}>
            {rows.map((category) => (
              <CategoryRow
                key={category.id}
                category={category}
                busy={change.isPending && change.variables.category.id === category.id}
                onToggleHidden={() => apply({ kind: category.hidden ? 'show' : 'hide', category })}
                onArchive={() => setArchiving(category)}
              />
            ))}
          </ol>
        )}
      </Rows>
      <ConfirmArchiveDialog
        open={archiving !== null}
        onClose={() => setArchiving(null)}
        title={t('archive.title', { name: archiving?.name.de ?? '' })}
        text={t('archive.text')}
        confirm={t('archive.confirm')}
        onConfirm={() => {
          if (archiving) apply({ kind: 'archive', category: archiving });
        }}
      />
    </AdminPage>
  );
}

function EmptyCatalogue() {
  const { t } = useTranslation('adminCategories');
  return (
    <div className="card category-empty">
      <h2>{t('list.empty_title')}</h2>
      <p>{t('list.empty_text')}</p>
      <Link href="/category" className="button button-primary">
        {t('list.empty_action')}
      </Link>
    </div>
  );
}
