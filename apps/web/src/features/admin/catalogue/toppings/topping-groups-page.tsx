import './register-texts.ts';
import './toppings.css';
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import {
  adminToppingGroupSchema,
  minSelectAboveMax,
  toppingGroupCreateRequestSchema,
  MAX_TOPPING_SELECT,
  type AdminToppingGroup,
  type ToppingGroupCreateRequest,
} from '@pizzeria/domain';
import { i18n } from '../../../../i18n/index.ts';
import { EditorFooter } from '../../forms/editor-footer.tsx';
import { LocalizedFields, NumberField } from '../../forms/fields.tsx';
import { useListEditor, ListEditorPage } from '../../forms/list-editor-page.tsx';
import { useEditor } from '../../forms/use-editor.ts';
import { useAdminTitle } from '../../shell/use-admin-title.ts';
import { CATALOGUE_KEYS, toppingGroupsQuery } from '../queries.ts';
import { useArchiveToppingGroup } from './api/archive-topping-group.ts';
import { saveToppingGroup } from './api/save-topping-group.ts';
import { EditorHead, RowActions, RowName } from './topping-rows.tsx';

/**
 * `/topping-groups`: every group with how many toppings customers choose from it, how many it offers
 * and how many products use it; the form above the list adds one or edits the one chosen. Its toppings
 * are edited on `/group-item`.
 */
export function ToppingGroupsPage() {
  const { t } = useTranslation('admin');
  const { t: tt } = useTranslation('adminToppings');
  useAdminTitle(t('pages.topping_groups'));
  const groups = useQuery(toppingGroupsQuery());
  const archive = useArchiveToppingGroup();
  const list = useListEditor<AdminToppingGroup>('group');

  return (
    <ListEditorPage
      title={t('pages.topping_groups')}
      intro={tt('groups.intro')}
      editor={
        <GroupEditor
          key={list.editorKey}
          group={list.editing}
          onCreated={(group) => list.created(tt('groups.created', { name: group.name.de }))}
          onClose={() => list.edit(null)}
        />
      }
      status={list.status}
      listId="groups-list"
      listTitle={tt('groups.list')}
      rows={groups}
      empty={tt('groups.empty')}
    >
      {(rows) => (
        <GroupTable
          groups={rows}
          onEdit={list.edit}
          onArchive={async (group) => {
            await archive.mutateAsync(group);
            list.archived(group, tt('archive.done', { name: group.name.de }));
          }}
        />
      )}
    </ListEditorPage>
  );
}

function GroupTable({
  groups,
  onEdit,
  onArchive,
}: {
  groups: readonly AdminToppingGroup[];
  onEdit: (group: AdminToppingGroup) => void;
  onArchive: (group: AdminToppingGroup) => Promise<void>;
}) {
  const { t } = useTranslation('adminToppings');
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby="groups-list" tabIndex={0}>
      <table className="admin-table toppings-table">
        <thead>
          <tr>
            <th scope="col">{t('groups.name')}</th>
            <th scope="col">{t('groups.choice')}</th>
            <th scope="col" className="admin-num">
              {t('groups.toppings')}
            </th>
            <th scope="col">{t('groups.products')}</th>
            <th scope="col">{t('actions')}</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.id}>
              <RowName name={group.name} />
              <td>{t('groups.choose_range', { min: group.min_select, max: group.max_select })}</td>
              <td className="admin-num">{group.items.length}</td>
              <td>{t('groups.used_by', { count: group.product_ids.length })}</td>
              <td>
                <RowActions
                  name={group.name.de}
                  onEdit={() => onEdit(group)}
                  link={{
                    href: `/group-item?group=${group.id}`,
                    label: t('groups.items_link'),
                    accessibleLabel: t('groups.items_link_named', { name: group.name.de }),
                  }}
                  archiveText={t('groups.archive_text', {
                    products: t('groups.used_by', { count: group.product_ids.length }),
                  })}
                  onArchive={() => onArchive(group)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The domain's schema plus the limits' own rule, checked before anything is sent. */
const groupValuesSchema = toppingGroupCreateRequestSchema.check(
  z.refine((group) => !minSelectAboveMax(group), {
    path: ['min_select'],
    error: () => i18n.t('adminToppings:groups.min_above_max'),
  }),
);

const EMPTY: ToppingGroupCreateRequest = { name: { de: '', en: '' }, min_select: 0, max_select: 1 };

function GroupEditor({
  group,
  onCreated,
  onClose,
}: {
  group: AdminToppingGroup | null;
  onCreated: (group: AdminToppingGroup) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminToppings');
  const queryClient = useQueryClient();
  const editor = useEditor<ToppingGroupCreateRequest, AdminToppingGroup>({
    schema: groupValuesSchema,
    row: group,
    toValues: (row) => ({
      name: { de: row.name.de, en: row.name.en },
      min_select: row.min_select,
      max_select: row.max_select,
    }),
    empty: EMPTY,
    rowSchema: adminToppingGroupSchema,
    save: (values, version) => saveToppingGroup(group?.id ?? null, values, version),
    onSaved: (saved) => {
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.toppingGroups });
      if (!group) onCreated(saved);
    },
    fieldForCode: { min_select_above_max: 'min_select' },
  });
  const { form } = editor;

  // The rule ties both numbers: fixing "at most" clears the complaint beside "at least".
  useEffect(() => {
    const watcher = form.watch((_values, { name }) => {
      if (name === 'max_select' && form.getFieldState('min_select').error) void form.trigger('min_select');
    });
    return () => watcher.unsubscribe();
  }, [form]);

  return (
    <form
      className="admin-form card toppings-editor"
      noValidate
      onSubmit={editor.submit}
      aria-labelledby="group-editor"
    >
      <EditorHead
        id="group-editor"
        heading={group ? t('groups.editing', { name: group.name.de }) : t('groups.new')}
        editing={group !== null}
        onClose={onClose}
      />
      <LocalizedFields form={form} name="name" label={t('groups.name')} />
      <div className="toppings-limits">
        <NumberField
          form={form}
          name="min_select"
          label={t('groups.min')}
          hint={t('groups.min_hint')}
          min={0}
          max={MAX_TOPPING_SELECT}
        />
        <NumberField form={form} name="max_select" label={t('groups.max')} min={1} max={MAX_TOPPING_SELECT} />
      </div>
      <CustomerSees form={form} />
      <EditorFooter editor={editor} label={group ? undefined : t('groups.add')} />
    </form>
  );
}

/** What a customer reads above the group's toppings, as the limits are typed. */
function CustomerSees({ form }: { form: UseFormReturn<ToppingGroupCreateRequest> }) {
  const { t } = useTranslation('adminToppings');
  const [min, max] = useWatch({ control: form.control, name: ['min_select', 'max_select'] });
  const valid =
    Number.isInteger(min) && Number.isInteger(max) && min >= 0 && max >= 1 && max <= MAX_TOPPING_SELECT && min <= max;
  const sentence = !valid
    ? t('groups.customer.invalid')
    : min === 0
      ? t('groups.customer.optional', { count: max })
      : min === max
        ? t('groups.customer.exactly', { count: max })
        : t('groups.customer.range', { min, max });
  return (
    <p className="toppings-customer-sees" aria-live="polite">
      {sentence}
    </p>
  );
}
