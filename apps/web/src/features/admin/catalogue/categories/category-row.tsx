import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminCategory } from '@pizzeria/domain';

/** One category of the list: its names, how many products it holds, whether it is hidden, what to do. */
export function CategoryRow({
  category,
  busy,
  onToggleHidden,
  onArchive,
}: {
  category: AdminCategory;
  /** A change of this row is on its way: its buttons wait. */
  busy: boolean;
  onToggleHidden: () => void;
  onArchive: () => void;
}) {
  const { t } = useTranslation('adminCategories');
  const blockedId = useId();
  const name = category.name.de;
  const empty = category.product_count === 0;
  return (
    <li className="card category-row" aria-label={name}>
      <div className="category-row-text">
        <h2 className="category-row-name">{name}</h2>
        {category.name.en && category.name.en !== name ? (
          <p className="admin-muted" lang="en">
            {category.name.en}
          </p>
        ) : null}
        <p className="category-row-meta">
          <span>{t('list.products', { count: category.product_count })}</span>
          {category.hidden ? <span className="category-badge">{t('list.hidden')}</span> : null}
        </p>
        {empty ? null : (
          <p id={blockedId} className="admin-hint">
            {t('list.archive_blocked')}
          </p>
        )}
      </div>
      <div className="admin-actions category-row-actions">
        <Link
          href={`/category?id=${category.id}`}
          className="button button-secondary"
          aria-label={t('list.edit_named', { name })}
        >
          {t('list.edit')}
        </Link>
        <button
          type="button"
          className="button button-secondary"
          aria-label={t(category.hidden ? 'list.show_named' : 'list.hide_named', { name })}
          disabled={busy}
          onClick={onToggleHidden}
        >
          {t(category.hidden ? 'list.show' : 'list.hide')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-label={t('list.archive_named', { name })}
          aria-describedby={empty ? undefined : blockedId}
          disabled={busy || !empty}
          onClick={onArchive}
        >
          {t('list.archive')}
        </button>
      </div>
    </li>
  );
}
