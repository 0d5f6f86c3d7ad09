import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  additiveCreateRequestSchema,
  adminDeclarationSchema,
  type AdditiveCreateRequest,
  type AdminDeclaration,
} from '@pizzeria/domain';
import { EditorFooter } from '../../forms/editor-footer.tsx';
import { Field, LocalizedFields } from '../../forms/fields.tsx';
import { useEditor } from '../../forms/use-editor.ts';
import { useCreateAdditive } from './api/create-additive.ts';

const EMPTY: AdditiveCreateRequest = { code: '', name: { de: '', en: '' } };

/** "Add additive": its number and names; a taken number is said beside the number field. */
export function AdditiveCreateForm({ onCreated }: { onCreated: (additive: AdminDeclaration) => void }) {
  // A saved form would go on editing the new row; a fresh one (new key) is ready for the next additive.
  const [round, setRound] = useState(0);
  return (
    <NewAdditive
      key={round}
      onCreated={(additive) => {
        setRound((current) => current + 1);
        onCreated(additive);
      }}
    />
  );
}

function NewAdditive({ onCreated }: { onCreated: (additive: AdminDeclaration) => void }) {
  const { t } = useTranslation('adminDeclarations', { keyPrefix: 'list' });
  const create = useCreateAdditive();
  const editor = useEditor<AdditiveCreateRequest, AdminDeclaration>({
    schema: additiveCreateRequestSchema,
    row: null,
    toValues: (row) => ({ code: row.code, name: row.name }),
    empty: EMPTY,
    rowSchema: adminDeclarationSchema,
    save: (values) => create(values),
    onSaved: onCreated,
    fieldForCode: { additive_code_taken: 'code' },
  });
  return (
    <form
      className="admin-form declaration-create"
      aria-labelledby="additive-create-title"
      noValidate
      onSubmit={editor.submit}
    >
      <h3 id="additive-create-title">{t('add')}</h3>
      <p className="admin-muted">{t('add_hint')}</p>
      <div className="declaration-code-field">
        <Field
          form={editor.form}
          name="code"
          label={t('code')}
          hint={t('code_hint')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
        />
      </div>
      <LocalizedFields form={editor.form} name="name" label={t('name')} />
      <EditorFooter editor={editor} label={t('add')} />
    </form>
  );
}
