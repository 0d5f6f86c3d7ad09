import { useTranslation } from 'react-i18next';
import { adminCategorySchema, categoryRequestSchema, type AdminCategory, type CategoryRequest } from '@pizzeria/domain';
import { EditorFooter } from '../../forms/editor-footer.tsx';
import { CheckboxField, LocalizedFields } from '../../forms/fields.tsx';
import { useEditor } from '../../forms/use-editor.ts';
import { saveCategory, useKeepSavedCategory } from './api/save-category.ts';

const EMPTY: CategoryRequest = { name: { de: '', en: '' }, description: { de: '', en: '' }, hidden: false };

const toValues = ({ name, description, hidden }: AdminCategory): CategoryRequest => ({ name, description, hidden });

/**
 * A category's names, description and visibility. `row` null: a new one, created on the first save;
 * `onCreated` then moves the page to it, so later saves change it.
 */
export function CategoryForm({
  row,
  onCreated,
}: {
  row: AdminCategory | null;
  onCreated: (row: AdminCategory) => void;
}) {
  const { t } = useTranslation('adminCategories');
  const keepSaved = useKeepSavedCategory();
  const editor = useEditor<CategoryRequest, AdminCategory>({
    schema: categoryRequestSchema,
    row,
    toValues,
    empty: EMPTY,
    rowSchema: adminCategorySchema,
    save: (values, version) => saveCategory(row?.id ?? null, values, version),
    onSaved: (saved) => {
      keepSaved(saved);
      if (!row) onCreated(saved);
    },
  });
  return (
    <form className="card admin-form category-form" onSubmit={editor.submit} noValidate>
      <LocalizedFields form={editor.form} name="name" label={t('editor.name')} />
      <LocalizedFields form={editor.form} name="description" label={t('editor.description')} multiline />
      <p className="admin-hint category-form-hint">{t('editor.description_hint')}</p>
      <CheckboxField form={editor.form} name="hidden" label={t('editor.hidden')} hint={t('editor.hidden_hint')} />
      <EditorFooter editor={editor} label={row ? undefined : t('editor.create')} />
    </form>
  );
}
