import './register-texts.ts';
import './toppings.css';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  adminToppingSchema,
  staffRoleAllows,
  toppingCreateRequestSchema,
  type AdminTopping,
  type ToppingCreateRequest,
} from '@pizzeria/domain';
import { useStaffRole } from '../../auth/staff-session.ts';
import { EditorFooter } from '../../forms/editor-footer.tsx';
import { LocalizedFields, MoneyField } from '../../forms/fields.tsx';
import {
  AdminPage,
  FailureLine,
  ListEditorPage,
  Rows,
  StatusLine,
  useListEditor,
} from '../../forms/list-editor-page.tsx';
import { useEditor } from '../../forms/use-editor.ts';
import { useAdminTitle } from '../../shell/use-admin-title.ts';
import { CATALOGUE_KEYS, toppingsQuery } from '../queries.ts';
import { useArchiveTopping } from './api/archive-topping.ts';
import { saveTopping } from './api/save-topping.ts';
import { EditorHead, RowActions, RowName } from './topping-rows.tsx';
import { ToppingSoldOut, type SoldOutOutcome } from './topping-sold-out.tsx';
import { useEuros } from './use-euros.ts';

/**
 * `/toppings`: every topping with its default price, how many groups offer it and whether it is sold
 * out today. The shift manager adds one in the form above the list, or edits the one chosen in it
 * (archiving asks first: it leaves every group); the kitchen only marks one sold out or back on sale.
 */
export function ToppingsPage() {
  const { t } = useTranslation('admin');
  useAdminTitle(t('pages.toppings'));
  return staffRoleAllows(useStaffRole(), 'manager') ? <ToppingsEditorPage /> : <ToppingsSoldOutPage />;
}

/** A sold-out switch's answer: said in the status line, or as an alert when it failed. */
function useSoldOutOutcome() {
  const [outcome, setOutcome] = useState<SoldOutOutcome | null>(null);
  return {
    done: outcome?.kind === 'done' ? outcome.text : null,
    failure: outcome && outcome.kind !== 'done' ? outcome.text : null,
    set: setOutcome,
    clear: () => setOutcome(null),
  };
}

function ToppingsEditorPage() {
  const { t } = useTranslation('admin');
  const { t: tt } = useTranslation('adminToppings');
  const toppings = useQuery(toppingsQuery());
  const archive = useArchiveTopping();
  const list = useListEditor<AdminTopping>('topping');
  const soldOut = useSoldOutOutcome();

  return (
    <ListEditorPage
      title={t('pages.toppings')}
      intro={tt('toppings.intro')}
      editor={
        <ToppingEditor
          key={list.editorKey}
          topping={list.editing}
          onCreated={(topping) => {
            soldOut.clear();
            list.created(tt('toppings.created', { name: topping.name.de }));
          }}
          onClose={() => list.edit(null)}
        />
      }
      status={soldOut.done ?? list.status}
      listId="toppings-list"
      listTitle={tt('toppings.list')}
      rows={toppings}
      empty={tt('toppings.empty')}
    >
      {(rows) => (
        <>
          <FailureLine failure={soldOut.failure} />
          <ToppingTable
            toppings={rows}
            onSoldOut={soldOut.set}
            editing={{
              onEdit: (topping) => {
                soldOut.clear();
                list.edit(topping);
              },
              onArchive: async (topping) => {
                await archive.mutateAsync(topping);
                soldOut.clear();
                list.archived(topping, tt('archive.done', { name: topping.name.de }));
              },
            }}
          />
        </>
      )}
    </ListEditorPage>
  );
}

/** The kitchen's view: the list with each topping's sold-out switch, nothing to add, edit or archive. */
function ToppingsSoldOutPage() {
  const { t } = useTranslation('admin');
  const { t: tt } = useTranslation('adminToppings');
  const toppings = useQuery(toppingsQuery());
  const soldOut = useSoldOutOutcome();
  return (
    <AdminPage title={t('pages.toppings')} intro={tt('toppings.intro_sold_out')}>
      <StatusLine status={soldOut.done ?? ''} />
      <section className="admin-panel" aria-labelledby="toppings-list">
        <h2 id="toppings-list">{tt('toppings.list')}</h2>
        <FailureLine failure={soldOut.failure} />
        <Rows rows={toppings} empty={tt('toppings.empty_sold_out')}>
          {(rows) => <ToppingTable toppings={rows} onSoldOut={soldOut.set} editing={null} />}
        </Rows>
      </section>
    </AdminPage>
  );
}

function ToppingTable({
  toppings,
  onSoldOut,
  editing,
}: {
  toppings: readonly AdminTopping[];
  onSoldOut: (outcome: SoldOutOutcome) => void;
  /** Null for the kitchen, which may only switch sold out. */
  editing: {
    onEdit: (topping: AdminTopping) => void;
    onArchive: (topping: AdminTopping) => Promise<void>;
  } | null;
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
            <th scope="col">{t('toppings.today')}</th>
            {editing ? <th scope="col">{t('actions')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {toppings.map((topping) => (
            <tr key={topping.id}>
              <RowName name={topping.name} />
              <td className="admin-num">{euros(topping.price)}</td>
              <td>{t('toppings.in_groups', { count: topping.group_ids.length })}</td>
              <td>
                <ToppingSoldOut topping={topping} onOutcome={onSoldOut} />
              </td>
              {editing ? (
                <td>
                  <RowActions
                    name={topping.name.de}
                    onEdit={() => editing.onEdit(topping)}
                    link={{
                      href: `/item-allergy?topping=${topping.id}`,
                      label: t('toppings.allergens'),
                      accessibleLabel: t('toppings.allergens_named', { name: topping.name.de }),
                    }}
                    archiveText={t('toppings.archive_text', {
                      groups: t('toppings.in_groups', { count: topping.group_ids.length }),
                    })}
                    onArchive={() => editing.onArchive(topping)}
                  />
                </td>
              ) : null}
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
