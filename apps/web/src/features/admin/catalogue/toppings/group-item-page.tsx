import './register-texts.ts';
import './toppings.css';
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import * as z from 'zod/mini';
import {
  adminToppingGroupSchema,
  groupItemsRequestSchema,
  type AdminTopping,
  type AdminToppingGroup,
} from '@pizzeria/domain';
import { EditorFooter } from '../../forms/editor-footer.tsx';
import { MoneyField } from '../../forms/fields.tsx';
import { SortableList } from '../../forms/sortable-list.tsx';
import { confirmLeave } from '../../forms/unsaved-changes.ts';
import { useEditor } from '../../forms/use-editor.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { useAdminTitle } from '../../shell/use-admin-title.ts';
import { CATALOGUE_KEYS, toppingGroupsQuery, toppingsQuery } from '../queries.ts';
import { saveGroupItems } from './api/save-group-items.ts';
import { groupOptionLabel, useGroupFacts } from './group-facts.tsx';
import { useEuros } from './use-euros.ts';
import { AdminPage } from '../../forms/list-editor-page.tsx';
import { Labelled } from '../../forms/labelled.tsx';

/**
 * `/group-item?group=N`: the toppings one group offers, in the shop's order, each at its price in this
 * group. Adding, removing, reordering and prices are saved together with one "Save".
 */
export function GroupItemPage() {
  const { t } = useTranslation('admin');
  const { t: tt } = useTranslation('adminToppings');
  useAdminTitle(t('pages.group_item'));
  const [search, setSearch] = useSearchParams();
  const groupId = Number(search.get('group')) || null;
  const groups = useQuery(toppingGroupsQuery());
  const toppings = useQuery(toppingsQuery());
  const group = groups.data?.find((candidate) => candidate.id === groupId) ?? null;
  const selectId = useId();
  const factsOf = useGroupFacts();

  return (
    <AdminPage title={t('pages.group_item')} intro={tt('items.intro')}>
      {!groups.data || !toppings.data ? (
        <QueryState query={groups.isError ? groups : toppings} />
      ) : groups.data.length === 0 ? (
        <p className="admin-muted">
          {tt('items.no_groups')} <Link href="/topping-groups">{tt('items.create_group')}</Link>
        </p>
      ) : (
        <>
          <Labelled id={selectId} label={tt('items.group')} className="toppings-picker">
            <select
              id={selectId}
              className="input"
              value={group?.id ?? ''}
              onChange={(event) => {
                // Switching groups drops unsaved changes of this one: ask first.
                if (confirmLeave()) setSearch({ group: event.target.value });
              }}
            >
              <option value="">{tt('items.choose_group')}</option>
              {groups.data.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {groupOptionLabel(candidate.name.de, factsOf(candidate))}
                </option>
              ))}
            </select>
          </Labelled>
          {group ? (
            <GroupItemsEditor key={group.id} group={group} toppings={toppings.data} />
          ) : (
            <p className="admin-muted">{tt('items.pick_first')}</p>
          )}
        </>
      )}
    </AdminPage>
  );
}

const itemsValuesSchema = z.object({ items: groupItemsRequestSchema.shape.items });
type ItemsValues = z.infer<typeof itemsValuesSchema>;

const toItemsValues = (group: AdminToppingGroup): ItemsValues => ({
  items: group.items.map(({ topping_id, price }) => ({ topping_id, price })),
});

function GroupItemsEditor({ group, toppings }: { group: AdminToppingGroup; toppings: readonly AdminTopping[] }) {
  const { t } = useTranslation('adminToppings');
  const queryClient = useQueryClient();
  const editor = useEditor<ItemsValues, AdminToppingGroup>({
    schema: itemsValuesSchema,
    row: group,
    toValues: toItemsValues,
    empty: { items: [] },
    rowSchema: adminToppingGroupSchema,
    // The group exists, so the editor always holds its version.
    save: (values, version) => saveGroupItems(group.id, values.items, version ?? group.version),
    onSaved: () =>
      Promise.all(
        [CATALOGUE_KEYS.toppingGroups, CATALOGUE_KEYS.toppings].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
  const { form } = editor;
  const items = useFieldArray({ control: form.control, name: 'items', keyName: 'key' });
  const names = new Map<number, string>([
    ...group.items.map((item) => [item.topping_id, item.name.de] as const),
    ...toppings.map((topping) => [topping.id, topping.name.de] as const),
  ]);
  const nameOf = (id: number) => names.get(id) ?? t('items.unknown', { id });
  const offered = new Set(items.fields.map((item) => item.topping_id));

  return (
    <form
      className="admin-form card toppings-editor"
      noValidate
      onSubmit={editor.submit}
      aria-labelledby="items-heading"
    >
      <div className="toppings-editor-head">
        <h2 id="items-heading">{group.name.de}</h2>
        <p className="admin-muted">
          {t('groups.choose_range', { min: group.min_select, max: group.max_select })} ·{' '}
          {t('groups.used_by', { count: group.product_ids.length })}
        </p>
      </div>
      {items.fields.length === 0 ? (
        <p className="admin-muted">{t('items.empty')}</p>
      ) : (
        <SortableList
          label={t('items.list', { name: group.name.de })}
          items={items.fields.map((item) => ({ id: item.topping_id, label: nameOf(item.topping_id) }))}
          onReorder={(ids) => {
            const current = form.getValues('items');
            items.replace(ids.flatMap((id) => current.filter((item) => item.topping_id === id)));
          }}
          renderItem={(item) => {
            const index = items.fields.findIndex((field) => field.topping_id === item.id);
            return (
              <div className="toppings-item">
                <span className="toppings-item-name">{item.label}</span>
                <MoneyField form={form} name={`items.${index}.price`} label={t('items.price', { name: item.label })} />
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={t('items.remove_named', { name: item.label })}
                  onClick={() => items.remove(index)}
                >
                  {t('items.remove')}
                </button>
              </div>
            );
          }}
        />
      )}
      <AddTopping
        choices={toppings.filter((topping) => !offered.has(topping.id))}
        onAdd={(topping) => items.append({ topping_id: topping.id, price: topping.price })}
      />
      <p className="admin-hint">{t('items.save_hint')}</p>
      <EditorFooter editor={editor} />
    </form>
  );
}

/** A topping the group does not offer yet, added at its default price. */
function AddTopping({ choices, onAdd }: { choices: readonly AdminTopping[]; onAdd: (topping: AdminTopping) => void }) {
  const { t } = useTranslation('adminToppings');
  const euros = useEuros();
  const id = useId();
  const [chosen, setChosen] = useState('');
  if (choices.length === 0) return <p className="admin-muted">{t('items.all_added')}</p>;
  const topping = choices.find((choice) => String(choice.id) === chosen);
  return (
    <div className="toppings-add">
      <Labelled id={id} label={t('items.add_label')}>
        <select
          id={id}
          className="input"
          value={chosen}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">{t('items.add_placeholder')}</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {`${choice.name.de} (${euros(choice.price)})`}
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className="admin-hint">
          {t('items.add_hint')}
        </p>
      </Labelled>
      <button
        type="button"
        className="button button-secondary"
        disabled={!topping}
        onClick={() => {
          if (!topping) return;
          onAdd(topping);
          setChosen('');
        }}
      >
        {t('items.add')}
      </button>
    </div>
  );
}
