import './register-texts.ts';
import './toppings.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  adminToppingSchema,
  toppingCreateRequestSchema,
  type AdminTopping,
  type ToppingCreateRequest,
} from '@pizzeria/domain';
import { EditorFooter } from '../../forms/editor-footer.tsx';
import { LocalizedFields, MoneyField } from '../../forms/fields.tsx';
import { useListEditor, ListEditorPage } from '../../forms/list-editor-page.tsx';
import { useEditor } from '../../forms/use-editor.ts';
import { useAdminTitle } from '../../shell/use-admin-title.ts';
import { CATALOGUE_KEYS, toppingsQuery } from '../queries.ts';
import { useArchiveTopping } from './api/archive-topping.ts';
import { saveTopping } from './api/save-topping.ts';
import { EditorHead, RowActions, RowName } from './topping-rows.tsx';
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
  const list = useListEditor<AdminTopping>('topping');

  return (
    <ListEditorPage
      title={t('pages.toppings')}
      intro={tt('toppings.intro')}
      editor={
        <ToppingEditor
          key={list.editorKey}
          topping={list.editing}
          onCreated={(topping) => list.created(tt('toppings.created', { name: topping.name.de }))}
          onClose={() => list.edit(null)}
        />
      }
      status={list.status}
      listId="toppings-list"
      listTitle={tt('toppings.list')}
      rows={toppings}
      empty={tt('toppings.empty')}
    >
      {(rows) => (
        <ToppingTable
          toppings={rows}
          onEdit={list.edit}
          onArchive={async (topping) => {
            await archive.mutateAsync(topping);
            list.archived(topping, tt('archive.done', { name: topping.name.de }));
          }}
        />
      )}
    </ListEditorPage>
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
              <RowName name={topping.name} />
              <td className="admin-num">{euros(topping.price)}</td>
              <td>{t('toppings.in_groups', { count: topping.group_ids.length })}</td>
              <td>
                <RowActions
                  name={topping.name.de}
                  onEdit={() => onEdit(topping)}
                  link={{
                    href: `/item-allergy?topping=${topping.id}`,
                    label: t('toppings.allergens'),
                    accessibleLabel: t('toppings.allergens_named', { name: topping.name.de }),
                  }}
                  archiveText={t('toppings.archive_text', {
                    groups: t('toppings.in_groups', { count: topping.group_ids.length }),
                  })}
                  onArchive={() => onArchive(topping)}
                />
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

  return (
    <form
      className="admin-form card toppings-editor"
      noValidate
      onSubmit={editor.submit}
      aria-labelledby="topping-editor"
    >
      <EditorHead
        id="topping-editor"
        heading={topping ? t('toppings.editing', { name: topping.name.de }) : t('toppings.new')}
        editing={topping !== null}
        onClose={onClose}
      />
      <LocalizedFields form={editor.form} name="name" label={t('toppings.name')} />
      <MoneyField form={editor.form} name="price" label={t('toppings.price')} hint={t('toppings.price_hint')} />
      <EditorFooter editor={editor} label={topping ? undefined : t('toppings.add')} />
    </form>
  );
}
