import './register-texts.ts';
import './products.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import {
  MAX_VARIANTS,
  adminProductSchema,
  productRequestSchema,
  type AdminCategory,
  type AdminPicture,
  type AdminProduct,
  type AdminTaxRate,
  type ProductRequest,
} from '@pizzeria/domain';
import { ApiRequestError } from '../../../../lib/api-client.ts';
import { EditorFooter } from '../../forms/editor-footer.tsx';
import { CheckboxField, LocalizedFields, MoneyField, SelectField } from '../../forms/fields.tsx';
import { confirmLeave } from '../../forms/unsaved-changes.ts';
import { useEditor } from '../../forms/use-editor.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { useAdminTitle } from '../../shell/use-admin-title.ts';
import { categoriesQuery, productQuery, taxRatesQuery } from '../queries.ts';
import { saveProduct, useRememberProduct } from './api/save-product.ts';
import { PictureUpload } from './picture-upload.tsx';
import { ArchivePanel, SoldOutPanel } from './product-actions.tsx';
import { useProductFormat } from './product-format.ts';
import { ProductDeclarations } from '../allergens/item-declarations.tsx';
import { ProductGroupsSection } from './product-groups-section.tsx';
import { useProductVersions } from './product-versions.ts';
import { SizesEditor } from './sizes-editor.tsx';
import { useErrorCount } from './use-error-count.ts';

/** `?id=12` → 12; no id (a new product) or anything else → null. */
function productIdFrom(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * `/products`: a new product, or `?id=N` to edit one: names, category, VAT, one price or
 * sizes, picture, visibility; once it exists, its topping groups (with a new topping made on the spot)
 * and its allergens, so one dish with extras is one screen; beside the form, what happens at once (sold
 * out today, remove). The separate topping and allergen pages stay for work on many at a time.
 */
export function ProductPage() {
  const { t } = useTranslation('admin');
  const { t: tProducts } = useTranslation('adminProducts', { keyPrefix: 'editor' });
  useAdminTitle(t('pages.products'));
  const id = productIdFrom(useSearch());
  const [, navigate] = useLocation();
  // Set once a new product is saved: the page moves to its `?id=` and says it was created.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const product = useQuery({ ...productQuery(id ?? 0), enabled: id !== null });
  const categories = useQuery(categoriesQuery());
  const taxRates = useQuery(taxRatesQuery());
  const format = useProductFormat();
  const notFound = product.error instanceof ApiRequestError && product.error.status === 404;

  return (
    <section className="admin-page product-editor-page" aria-labelledby="admin-page-title">
      <div className="admin-page-head">
        <Link
          href="/products-list"
          className="product-back"
          onClick={(event) => {
            if (!confirmLeave()) event.preventDefault();
          }}
        >
          <span aria-hidden="true">← </span>
          {tProducts('back')}
        </Link>
        <h1 id="admin-page-title">{t('pages.products')}</h1>
        <p className="admin-muted">
          {product.data ? format.name(product.data.name) : id === null ? tProducts('intro_new') : ''}
        </p>
        <p role="status" className="product-created">
          {createdId !== null && createdId === id ? tProducts('created') : ''}
        </p>
      </div>
      {notFound ? (
        <p role="alert">{tProducts('not_found')}</p>
      ) : (id !== null && !product.data) || !categories.data || !taxRates.data ? (
        <QueryState query={id !== null && !product.data ? product : !categories.data ? categories : taxRates} />
      ) : (
        <ProductEditor
          key={id ?? 'new'}
          product={product.data ?? null}
          categories={categories.data}
          taxRates={taxRates.data}
          onCreated={(created) => {
            setCreatedId(created.id);
            navigate(`/products?id=${created.id}`, { replace: true });
          }}
        />
      )}
    </section>
  );
}

// Nothing chosen yet is null, as the selects' empty choice gives it: the schema then asks to choose.
const NOT_CHOSEN = null as unknown as number;

const EMPTY: ProductRequest = {
  category_id: NOT_CHOSEN,
  type: 'simple',
  name: { de: '', en: '' },
  description: { de: '', en: '' },
  // Empty until typed: the schema asks for a number, so saving without a price says so beside it.
  price: Number.NaN,
  deposit: 0,
  tax_rate_id: NOT_CHOSEN,
  variants: [],
  divisible: false,
  picture_id: null,
  hidden: false,
};

function toValues(product: AdminProduct): ProductRequest {
  return {
    category_id: product.category_id,
    type: product.type,
    name: product.name,
    description: product.description,
    // A variable product's stored price is its cheapest size's; the form sends none for it.
    price: product.type === 'simple' ? product.price : null,
    deposit: product.deposit,
    tax_rate_id: product.tax_rate_id,
    variants: product.variants.map(({ id, name, price, divisible }) => ({ id, name, price, divisible })),
    divisible: product.divisible,
    picture_id: product.picture?.id ?? null,
    hidden: product.hidden,
  };
}

function ProductEditor({
  product,
  categories,
  taxRates,
  onCreated,
}: {
  product: AdminProduct | null;
  categories: readonly AdminCategory[];
  taxRates: readonly AdminTaxRate[];
  onCreated: (product: AdminProduct) => void;
}) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'editor' });
  const format = useProductFormat();
  const remember = useRememberProduct();
  // Versions this page raised itself (sold out today, the groups' and the allergens' saves) while the
  // form was open: saving over them is no conflict, so each form's save follows them to the newest.
  const versions = useProductVersions();
  const editor = useEditor<ProductRequest, AdminProduct>({
    schema: productRequestSchema,
    row: product,
    toValues,
    empty: EMPTY,
    rowSchema: adminProductSchema,
    save: async (values, version) => {
      const sent = version === null ? null : versions.newest(version);
      const saved = await saveProduct(product?.id ?? null, values, sent);
      versions.raised(sent, saved.version);
      return saved;
    },
    onSaved: (saved) => {
      remember(saved);
      if (!product) onCreated(saved);
    },
    fieldForCode: { invalid_category: 'category_id', invalid_tax_rate: 'tax_rate_id', invalid_picture: 'picture_id' },
  });
  const { form } = editor;
  const pictureId = useWatch({ control: form.control, name: 'picture_id' });
  const [uploads, setUploads] = useState<AdminPicture[]>([]);
  const known = [...uploads, ...[product?.picture, editor.conflict?.picture].flatMap((one) => (one ? [one] : []))];
  const picture = known.find((candidate) => candidate.id === pictureId) ?? null;
  const invalid = useErrorCount(form);

  return (
    <div className="product-editor">
      <div className="product-main">
        <form className="admin-form product-form" aria-label={t('details_title')} onSubmit={editor.submit} noValidate>
          <fieldset className="card product-section">
            <legend>{t('basics')}</legend>
            <LocalizedFields form={form} name="name" label={t('name')} />
            <LocalizedFields form={form} name="description" label={t('description')} multiline />
            <div className="product-selects">
              <SelectField
                form={form}
                name="category_id"
                label={t('category')}
                numeric
                placeholder={t('choose_category')}
                choices={categories.map((category) => ({ value: category.id, label: format.name(category.name) }))}
              />
              <SelectField
                form={form}
                name="tax_rate_id"
                label={t('tax_rate')}
                numeric
                placeholder={t('choose_tax_rate')}
                choices={taxRates.map((rate) => ({
                  value: rate.id,
                  // The seeded names say their rate already ("Regelsatz 19 %").
                  label: rate.name.includes('%')
                    ? rate.name
                    : t('tax_rate_label', { name: rate.name, percentage: format.percentage(rate.percentage) }),
                }))}
              />
            </div>
          </fieldset>
          <PriceSection form={form} />
          <div className="card product-section">
            <PictureUpload
              picture={picture}
              drawing={product && !product.picture ? product.image_url : null}
              error={form.formState.errors.picture_id?.message}
              onChange={(next) => {
                if (next) setUploads((list) => [...list, next]);
                form.clearErrors('picture_id');
                form.setValue('picture_id', next?.id ?? null, { shouldDirty: true });
              }}
            />
            <CheckboxField form={form} name="hidden" label={t('hidden')} hint={t('hidden_hint')} />
          </div>
          <p className="form-error product-invalid" role="alert">
            {invalid > 0 ? t('invalid_summary', { count: invalid }) : ''}
          </p>
          <EditorFooter
            editor={{
              ...editor,
              // Their version becomes the page's too: its picture, sold-out state and version.
              reload: () => {
                if (editor.conflict) remember(editor.conflict);
                editor.reload();
              },
            }}
          />
        </form>
        {product ? (
          <>
            <ProductGroupsSection product={product} versions={versions} />
            <div className="product-declarations">
              <ProductDeclarations
                productId={product.id}
                title={t('declarations_title')}
                saveLabel={t('declarations_save')}
                sendVersion={versions.newest}
                onSaved={(sent, saved) => {
                  versions.raised(sent, saved.version);
                  remember(saved);
                }}
              />
            </div>
          </>
        ) : (
          <p className="card product-section admin-muted">{t('offers_after_save')}</p>
        )}
      </div>
      {product ? (
        <aside className="product-side">
          <SoldOutPanel product={product} onChanged={(before, after) => versions.raised(before, after.version)} />
          <nav className="card product-side-panel" aria-labelledby="product-more">
            <h2 id="product-more">{t('more')}</h2>
            <ul className="product-links">
              <li>
                <Link href={`/product-groups?product=${product.id}`} onClick={leaveUnlessUnsaved}>
                  {t('topping_groups_link')}
                </Link>
              </li>
              <li>
                <Link href={`/item-allergy?product=${product.id}`} onClick={leaveUnlessUnsaved}>
                  {t('allergens_link')}
                </Link>
              </li>
            </ul>
          </nav>
          <ArchivePanel product={product} name={format.name(product.name)} />
        </aside>
      ) : null}
    </div>
  );
}

function leaveUnlessUnsaved(event: React.MouseEvent) {
  if (!confirmLeave()) event.preventDefault();
}

/**
 * One price, or sizes with their own. Switching keeps what was typed on the other side (switching back
 * brings it again); only what the chosen type uses is sent.
 */
function PriceSection({ form }: { form: UseFormReturn<ProductRequest> }) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'editor' });
  const type = useWatch({ control: form.control, name: 'type' });
  const [stash, setStash] = useState<Pick<ProductRequest, 'price' | 'variants'>>({ price: null, variants: [] });

  const switchTo = (next: ProductRequest['type']) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    const { price, variants } = form.getValues();
    if (next === 'variable') {
      setStash({ ...stash, price });
      form.setValue('price', null, options);
      // A product with sizes has at least one: the first is there to fill in, with the price it had.
      const first = { name: { de: '', en: '' }, price: price ?? Number.NaN, divisible: false };
      form.setValue('variants', stash.variants.length > 0 ? stash.variants : [first], options);
    } else {
      setStash({ ...stash, variants });
      form.setValue('variants', [], options);
      const cheapest = variants.length > 0 ? Math.min(...variants.map((variant) => variant.price)) : Number.NaN;
      form.setValue('price', stash.price ?? cheapest, options);
    }
  };

  // One registration for both radios: options given per radio would replace each other.
  const typeField = form.register('type', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => switchTo(event.target.value as ProductRequest['type']),
  });

  return (
    <div className="card product-section">
      <fieldset className="product-type">
        <legend className="field-label">{t('type')}</legend>
        {(['simple', 'variable'] as const).map((choice) => (
          <label key={choice} className="product-type-choice">
            <input type="radio" value={choice} {...typeField} />
            <span>
              <span className="product-type-name">{t(choice === 'simple' ? 'type_simple' : 'type_variable')}</span>
              <span className="admin-hint">
                {choice === 'simple' ? t('type_simple_hint') : t('type_variable_hint', { max: MAX_VARIANTS })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {type === 'simple' ? (
        <>
          <MoneyField form={form} name="price" label={t('price')} />
          <CheckboxField form={form} name="divisible" label={t('divisible')} hint={t('divisible_hint')} />
        </>
      ) : (
        <SizesEditor form={form} />
      )}
      <MoneyField form={form} name="deposit" label={t('deposit')} hint={t('deposit_hint')} />
    </div>
  );
}
