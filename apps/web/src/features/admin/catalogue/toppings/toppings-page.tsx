import './register-texts.ts';
import './toppings.css';
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  adminToppingSchema,
  toppingCreateRequestSchema,
  type AdminTopping,
  type ToppingCreateRequest,
} from '@pizzeria/domain';
import { EditorFooter } from '../../forms/editor-footer.tsx';
import { LocalizedFields, MoneyField } from '../../forms/fields.tsx';
import { confirmLeave } from '../../forms/unsaved-changes.ts';
import { useEditor } from '../../forms/use-editor.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { useAdminTitle } from '../../shell/use-admin-title.ts';
import { CATALOGUE_KEYS, toppingsQuery } from '../queries.ts';
import { useArchiveTopping } from './api/archive-topping.ts';
import { saveTopping } from './api/save-topping.ts';
import { ArchiveDialog } from './archive-dialog.tsx';
import { useEuros } from './use-euros.ts';

/**
 * `/toppings`: every topping with its default price and how many groups offer it; the form above the
 * list adds one, or edits the one chosen in the list. Archiving asks first: it leaves every group.
 */
export function ToppingsPage() {
  const { t } = useTranslation('admin');
  const { t: tt } = useTranslation('adminToppings');
  useAdminTitle(t('pages.toppings'));
  const toppings = useQuery(toppingsQuery());
  const archive = useArchiveTopping();
  // The topping being edited; null: the form adds a new one (a fresh form after each one added).
  const [editing, setEditing] = useState<AdminTopping | null>(null);
  const [added, setAdded] = useState(0);
  const [status, setStatus] = useState('');

  const edit = (topping: AdminTopping | null) => {
    if (!confirmLeave()) return;
    setStatus('');
    setEditing(topping);
  };

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <div className="admin-page-head">
        <h1 id="admin-page-title">{t('pages.toppings')}</h1>
        <p className="admin-muted">{tt('toppings.intro')}</p>
      </div>
      <ToppingEditor
        key={editing ? `topping-${editing.id}` : `new-${added}`}
        topping={editing}
        onCreated={(topping) => {
          setStatus(tt('toppings.created', { name: topping.name.de }));
          setAdded((count) => count + 1);
        }}
        onClose={() => edit(null)}
      />
      <p className="admin-muted" role="status">
        {status}
      </p>
      <section className="admin-panel" aria-labelledby="toppings-list">
        <h2 id="toppings-list">{tt('toppings.list')}</h2>
        {!toppings.data ? (
          <QueryState query={toppings} />
        ) : toppings.data.length === 0 ? (
          <p className="admin-muted">{tt('toppings.empty')}</p>
        ) : (
          <ToppingTable
            toppings={toppings.data}
            onEdit={edit}
            onArchive={async (topping) => {
              await archive.mutateAsync(topping);
              if (editing?.id === topping.id) setEditing(null);
              setStatus(tt('archive.done', { name: topping.name.de }));
            }}
          />
        )}
      </section>
    </section>
  );
}

function ToppingTable({
  toppings,
  onEdit,
  onArchive,
}: {
  toppings: readonly AdminTopping[];
  onEdit: (topping: AdminTopping) => void;
  onArchive: (topping: AdminTopping) => Promise<void>;
}) {
  const { t } = useTranslation('adminToppings');
  const euros = useEuros();
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby="toppings-list" tabIndex={0}>
      <table className="admin-table toppings-table">
        <thead>
          <tr>
            <th scope="col">{t('toppings.name')}</th>
            <th scope="col" className="admin-num">
              {t('toppings.price')}
            </th>
            <th scope="col">{t('toppings.groups')}</th>
            <th scope="col">{t('actions')}</th>
          </tr>
        </thead>
        <tbody>
          {toppings.map((topping) => (
            <tr key={topping.id}>
              <th scope="row">
                {topping.name.de}
                {topping.name.en && topping.name.en !== topping.name.de ? (
                  <span className="toppings-english" lang="en">
                    {topping.name.en}
                  </span>
                ) : null}
              </th>
              <td className="admin-num">{euros(topping.price)}</td>
              <td>{t('toppings.in_groups', { count: topping.group_ids.length })}</td>
              <td>
                <div className="toppings-row-actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={t('edit_named', { name: topping.name.de })}
                    onClick={() => onEdit(topping)}
                  >
                    {t('edit')}
                  </button>
                  <Link
                    href={`/item-allergy?topping=${topping.id}`}
                    className="button button-secondary"
                    aria-label={t('toppings.allergens_named', { name: topping.name.de })}
                    onClick={(event) => {
                      if (!confirmLeave()) event.preventDefault();
                    }}
                  >
                    {t('toppings.allergens')}
                  </Link>
                  <ArchiveDialog
                    name={topping.name.de}
                    consequence={t('toppings.archive_text', {
                      groups: t('toppings.in_groups', { count: topping.group_ids.length }),
                    })}
                    archive={() => onArchive(topping)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const EMPTY: ToppingCreateRequest = { name: { de: '', en: '' }, price: Number.NaN };

/** Adds a topping (`topping` null) or edits one: German and English name, default price. */
function ToppingEditor({
  topping,
  onCreated,
  onClose,
}: {
  topping: AdminTopping | null;
  onCreated: (topping: AdminTopping) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminToppings');
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const editor = useEditor<ToppingCreateRequest, AdminTopping>({
    schema: toppingCreateRequestSchema,
    row: topping,
    toValues: (row) => ({ name: { de: row.name.de, en: row.name.en }, price: row.price }),
    empty: EMPTY,
    rowSchema: adminToppingSchema,
    save: (values, version) => saveTopping(topping?.id ?? null, values, version),
    onSaved: (saved) => {
      // Group items show the toppings' names, so the groups change with a rename.
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.toppings });
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.toppingGroups });
      if (!topping) onCreated(saved);
    },
  });

  // Choosing a topping in the list brings its form into view, for keyboards and small screens alike.
  useEffect(() => {
    if (topping) heading.current?.focus();
  }, [topping]);

  return (
    <form
      className="admin-form card toppings-editor"
      noValidate
      onSubmit={editor.submit}
      aria-labelledby="topping-editor"
    >
      <div className="toppings-editor-head">
        <h2 id="topping-editor" ref={heading} tabIndex={-1}>
          {topping ? t('toppings.editing', { name: topping.name.de }) : t('toppings.new')}
        </h2>
        {topping ? (
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('close_editor')}
          </button>
        ) : null}
      </div>
      <LocalizedFields form={editor.form} name="name" label={t('toppings.name')} />
      <MoneyField form={editor.form} name="price" label={t('toppings.price')} hint={t('toppings.price_hint')} />
      <EditorFooter editor={editor} label={topping ? undefined : t('toppings.add')} />
    </form>
  );
}
