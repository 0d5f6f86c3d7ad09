import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { MAX_VARIANTS, type ProductRequest } from '@pizzeria/domain';
import { CheckboxField, Field, MoneyField } from '../../forms/fields.tsx';

/**
 * A product's sizes (1–12): each with its name in both languages, its price and whether it is sold in
 * halves too (half-and-half, decision 029), in the order the shop lists them. Reordering is by buttons rather than dragging: a size list is short, and buttons work the
 * same with a finger, a mouse and a keyboard.
 */
export function SizesEditor({ form }: { form: UseFormReturn<ProductRequest> }) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'editor' });
  const id = useId();
  const sizes = useFieldArray({ control: form.control, name: 'variants' });
  const error = sizesError(form, t);

  return (
    <fieldset
      className="product-sizes"
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field-label">{t('sizes')}</legend>
      <p id={`${id}-hint`} className="admin-hint">
        {t('sizes_hint')}
      </p>
      <ol className="product-size-list">
        {sizes.fields.map((size, index) => {
          const number = index + 1;
          return (
            <li key={size.id} className="product-size" aria-label={t('size_heading', { number })}>
              <p className="product-size-heading" aria-hidden="true">
                {t('size_heading', { number })}
              </p>
              <div className="product-size-fields">
                <Field
                  form={form}
                  name={`variants.${index}.name.de`}
                  label={`${t('size_name')} (DE)`}
                  autoComplete="off"
                />
                <Field
                  form={form}
                  name={`variants.${index}.name.en`}
                  label={`${t('size_name')} (EN)`}
                  autoComplete="off"
                />
                <MoneyField form={form} name={`variants.${index}.price`} label={t('size_price')} />
              </div>
              <CheckboxField form={form} name={`variants.${index}.divisible`} label={t('divisible')} />
              <div className="product-size-actions">
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={t('move_up', { number })}
                  disabled={index === 0}
                  onClick={() => sizes.swap(index, index - 1)}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={t('move_down', { number })}
                  disabled={index === sizes.fields.length - 1}
                  onClick={() => sizes.swap(index, index + 1)}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button type="button" className="button button-secondary" onClick={() => sizes.remove(index)}>
                  {t('remove_size', { number })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {error ? (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button button-secondary"
        disabled={sizes.fields.length >= MAX_VARIANTS}
        onClick={() => sizes.append({ name: { de: '', en: '' }, price: Number.NaN, divisible: false })}
      >
        {t('add_size')}
      </button>
    </fieldset>
  );
}

/**
 * The list's own error (not one size's). The domain's refines speak English to developers, so their
 * cases get this page's sentences; zod's own (too many) is already translated.
 */
function sizesError(form: UseFormReturn<ProductRequest>, t: (key: 'sizes_required' | 'sizes_listed_twice') => string) {
  const error = form.formState.errors.variants;
  const message = error?.message ?? error?.root?.message;
  if (!message) return null;
  if (form.getValues('variants').length === 0) return t('sizes_required');
  return message === 'A size is listed twice' ? t('sizes_listed_twice') : message;
}
