import { withoutVersion } from '../../forms/without-version.ts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { adminDeclarationSchema, declarationNameRequestSchema, type AdminDeclaration } from '@pizzeria/domain';
import { EditorFooter } from '../../forms/editor-footer.tsx';
import { LocalizedFields } from '../../forms/fields.tsx';
import { useEditor } from '../../forms/use-editor.ts';
import { useSaveDeclarationName, type DeclarationKind } from './api/save-declaration-name.ts';

const nameSchema = withoutVersion(declarationNameRequestSchema);
type NameValues = z.infer<typeof nameSchema>;

/**
 * One allergen or additive: its letter or number and names; "Edit" opens its own small form below it,
 * so a save or a conflict concerns this row only. `actions` are the row's other buttons (archive).
 */
export function DeclarationItem({
  kind,
  row,
  actions,
}: {
  kind: DeclarationKind;
  row: AdminDeclaration;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('adminDeclarations');
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const named = { code: row.code, name: row.name.de };
  return (
    <li className="declaration-item">
      <div className="declaration-row">
        <span className="declaration-code" aria-hidden="true">
          {row.code}
        </span>
        <div className="declaration-names">
          <span className="declaration-name">{row.name.de}</span>
          <span className="admin-muted" lang="en">
            {row.name.en || t('list.no_english')}
          </span>
        </div>
        <div className="admin-actions">
          <button
            ref={editButton}
            type="button"
            className="button button-secondary"
            aria-expanded={editing}
            aria-controls={editing ? formId : undefined}
            aria-label={t('list.edit_named', named)}
            disabled={editing}
            onClick={() => setEditing(true)}
          >
            {t('list.edit')}
          </button>
          {actions}
        </div>
      </div>
      {editing ? (
        <NameEditor
          id={formId}
          kind={kind}
          row={row}
          onClose={() => {
            setEditing(false);
            // The button that opened the form takes the focus back, so the keyboard stays in the list.
            requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      ) : null}
    </li>
  );
}

function NameEditor({
  id,
  kind,
  row,
  onClose,
}: {
  id: string;
  kind: DeclarationKind;
  row: AdminDeclaration;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminDeclarations');
  const { t: tForms } = useTranslation('adminForms');
  const saveName = useSaveDeclarationName(kind);
  const editor = useEditor<NameValues, AdminDeclaration>({
    schema: nameSchema,
    row,
    toValues: (current) => ({ name: current.name }),
    empty: { name: { de: '', en: '' } },
    rowSchema: adminDeclarationSchema,
    save: (values, version) => saveName(row.id, values.name, version),
  });
  const { setFocus } = editor.form;
  useEffect(() => setFocus('name.de'), [setFocus]);
  const close = () => {
    if (editor.form.formState.isDirty && !window.confirm(tForms('unsaved'))) return;
    onClose();
  };
  return (
    <form
      id={id}
      className="admin-form declaration-editor"
      aria-label={t('list.edit_named', { code: row.code, name: row.name.de })}
      noValidate
      onSubmit={editor.submit}
    >
      <LocalizedFields form={editor.form} name="name" label={t('list.name')} />
      <EditorFooter editor={editor} />
      <button type="button" className="button button-secondary declaration-close" onClick={close}>
        {t('list.close')}
      </button>
    </form>
  );
}
