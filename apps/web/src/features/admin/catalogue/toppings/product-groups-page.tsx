import './register-texts.ts';
import './toppings.css';
import { useDeferredValue, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import * as z from 'zod/mini';
import {
  adminProductSchema,
  productGroupsRequestSchema,
  type AdminProduct,
  type AdminToppingGroup,
} from '@pizzeria/domain';
import { EditorFooter } from '../../forms/editor-footer.tsx';
import { confirmLeave } from '../../forms/unsaved-changes.ts';
import { useEditor } from '../../forms/use-editor.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { useAdminTitle } from '../../shell/use-admin-title.ts';
import { CATALOGUE_KEYS, productPageQuery, productQuery, toppingGroupsQuery } from '../queries.ts';
import { saveProductGroups } from './api/save-product-groups.ts';
import { ProductGroupPicker } from './product-group-picker.tsx';
import { AdminPage } from '../../forms/list-editor-page.tsx';
import { Labelled } from '../../forms/labelled.tsx';

/**
 * `/product-groups?product=N`: the topping groups one product offers, in order. The first one decides
 * the shop's quick-add, so the page says so beside the list.
 */
export function ProductGroupsPage() {
  const { t } = useTranslation('admin');
  const { t: tt } = useTranslation('adminToppings');
  useAdminTitle(t('pages.product_groups'));
  const [search, setSearch] = useSearchParams();
  const productId = Number(search.get('product')) || null;
  const product = useQuery({ ...productQuery(productId ?? 0), enabled: productId !== null });
  const groups = useQuery(toppingGroupsQuery());

  return (
    <AdminPage title={t('pages.product_groups')} intro={tt('products.intro')}>
      <ProductPicker
        chosen={product.data ?? null}
        onChoose={(id) => {
          // Another product drops what is unsaved for this one: ask first.
          if (confirmLeave()) setSearch(id ? { product: String(id) } : {});
        }}
      />
      {productId === null ? (
        <p className="admin-muted">{tt('products.pick_first')}</p>
      ) : !product.data || !groups.data ? (
        <QueryState query={product.isError ? product : groups} />
      ) : (
        <ProductGroupsEditor key={product.data.id} product={product.data} groups={groups.data} />
      )}
    </AdminPage>
  );
}

/** A search box narrowing a native select of the store's products (the phone's own picker). */
function ProductPicker({ chosen, onChoose }: { chosen: AdminProduct | null; onChoose: (id: number | null) => void }) {
  const { t } = useTranslation('adminToppings');
  const id = useId();
  const [text, setText] = useState('');
  const searched = useDeferredValue(text.trim());
  const page = useQuery(productPageQuery({ page_size: 100, search: searched }));
  const found = page.data?.items ?? [];
  // The chosen product stays choosable even when the search leaves it out.
  const choices = chosen && !found.some((item) => item.id === chosen.id) ? [chosen, ...found] : found;
  return (
    <div className="toppings-picker">
      <Labelled id={`${id}-search`} label={t('products.search')}>
        <input
          id={`${id}-search`}
          className="input"
          type="search"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </Labelled>
      <Labelled id={`${id}-product`} label={t('products.product')}>
        <select
          id={`${id}-product`}
          className="input"
          value={chosen?.id ?? ''}
          aria-describedby={page.data && found.length === 0 ? `${id}-none` : undefined}
          onChange={(event) => onChoose(Number(event.target.value) || null)}
        >
          <option value="">{t('products.choose_product')}</option>
          {choices.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name.de}
            </option>
          ))}
        </select>
        {page.data && found.length === 0 ? (
          <p id={`${id}-none`} className="admin-hint" role="status">
            {t('products.no_match')}
          </p>
        ) : null}
        {page.isError ? <QueryState query={page} /> : null}
      </Labelled>
    </div>
  );
}

const groupsValuesSchema = z.object({ group_ids: productGroupsRequestSchema.shape.group_ids });
type GroupsValues = z.infer<typeof groupsValuesSchema>;

function ProductGroupsEditor({ product, groups }: { product: AdminProduct; groups: readonly AdminToppingGroup[] }) {
  const { t } = useTranslation('adminToppings');
  const queryClient = useQueryClient();
  const editor = useEditor<GroupsValues, AdminProduct>({
    schema: groupsValuesSchema,
    row: product,
    toValues: (row) => ({ group_ids: [...row.topping_group_ids] }),
    empty: { group_ids: [] },
    rowSchema: adminProductSchema,
    // The product exists, so the editor always holds its version.
    save: (values, version) => saveProductGroups(product.id, values.group_ids, version ?? product.version),
    onSaved: (saved) => {
      queryClient.setQueryData(productQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.products });
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.toppingGroups });
    },
  });
  const { form } = editor;
  const groupIds = useWatch({ control: form.control, name: 'group_ids' });
  const setGroupIds = (ids: number[]) => form.setValue('group_ids', ids, { shouldDirty: true, shouldValidate: true });

  return (
    <form
      className="admin-form card toppings-editor"
      noValidate
      onSubmit={editor.submit}
      aria-labelledby="groups-heading"
    >
      <div className="toppings-editor-head">
        <h2 id="groups-heading">{product.name.de}</h2>
      </div>
      <p className="admin-hint">{t('products.quick_add')}</p>
      <ProductGroupPicker product={product} groups={groups} groupIds={groupIds} onChange={setGroupIds} />
      <EditorFooter editor={editor} />
    </form>
  );
}
