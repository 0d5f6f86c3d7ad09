import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { adminProductSchema, productGroupsRequestSchema, type AdminProduct } from '@pizzeria/domain';
import { EditorFooter } from '../../forms/editor-footer.tsx';
import { useEditor } from '../../forms/use-editor.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { CATALOGUE_KEYS, toppingGroupsQuery } from '../queries.ts';
import { saveProductGroups } from '../toppings/api/save-product-groups.ts';
import { ProductGroupPicker } from '../toppings/product-group-picker.tsx';
import { useRememberProduct } from './api/save-product.ts';
import { NewToppingDialog } from './new-topping-dialog.tsx';
import type { ProductVersions } from './product-versions.ts';

const groupsValuesSchema = z.object({ group_ids: productGroupsRequestSchema.shape.group_ids });
type GroupsValues = z.infer<typeof groupsValuesSchema>;

/**
 * The product's topping groups, in order (the first decides the shop's quick-add), each with what it
 * contains and which other products offer it; a new topping is made here and put into one of them.
 * Saved on its own: the groups belong to the product, so the save carries the product's version.
 */
export function ProductGroupsSection({ product, versions }: { product: AdminProduct; versions: ProductVersions }) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'editor' });
  const { t: tt } = useTranslation('adminToppings');
  const queryClient = useQueryClient();
  const remember = useRememberProduct();
  const groups = useQuery(toppingGroupsQuery());
  const [added, setAdded] = useState('');
  const editor = useEditor<GroupsValues, AdminProduct>({
    schema: groupsValuesSchema,
    row: product,
    toValues: (row) => ({ group_ids: [...row.topping_group_ids] }),
    empty: { group_ids: [] },
    rowSchema: adminProductSchema,
    save: async (values, version) => {
      const sent = versions.newest(version ?? product.version);
      const saved = await saveProductGroups(product.id, values.group_ids, sent);
      versions.raised(sent, saved.version);
      return saved;
    },
    onSaved: (saved) => {
      remember(saved);
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.toppingGroups });
    },
  });
  const { form } = editor;
  const groupIds = useWatch({ control: form.control, name: 'group_ids' });
  const setGroupIds = (ids: number[]) => form.setValue('group_ids', ids, { shouldDirty: true, shouldValidate: true });
  const byId = new Map((groups.data ?? []).map((group) => [group.id, group]));
  const offered = groupIds.flatMap((id) => byId.get(id) ?? []);

  return (
    <section className="card product-section product-offers" aria-labelledby="product-groups-title">
      <h2 id="product-groups-title">{t('groups_title')}</h2>
      <p className="admin-hint">{tt('products.quick_add')}</p>
      {!groups.data ? (
        <QueryState query={groups} />
      ) : (
        <form className="admin-form" noValidate onSubmit={editor.submit} aria-labelledby="product-groups-title">
          <ProductGroupPicker product={product} groups={groups.data} groupIds={groupIds} onChange={setGroupIds} />
          <div className="product-new-topping">
            <NewToppingDialog groups={offered} onAdded={(message) => setAdded(message)} />
            <p className="admin-muted" role="status">
              {added}
            </p>
          </div>
          <EditorFooter editor={editor} label={t('groups_save')} />
        </form>
      )}
    </section>
  );
}
