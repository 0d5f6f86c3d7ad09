import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import { ConflictChanges } from './conflict-changes.tsx';
import type { Editor } from './use-editor.ts';

/**
 * The end of every back-office form: a conflict's choice (what the other person changed, then load their
 * version or overwrite), the form's own error, "saved", and the save button.
 */
export function EditorFooter<Values extends FieldValues, Row extends { version: number }>({
  editor,
  label,
}: {
  editor: Editor<Values, Row>;
  label?: string;
}) {
  const { t } = useTranslation('adminForms');
  return (
    <div className="admin-editor-footer">
      {editor.conflict ? (
        <div className="admin-conflict" role="alert">
          <p className="admin-conflict-title">{t('conflict.title')}</p>
          <p>{t('conflict.text')}</p>
          <ConflictChanges changes={editor.conflictChanges} />
          <div className="admin-actions">
            <button type="button" className="button button-secondary" onClick={editor.reload}>
              {t('conflict.reload')}
            </button>
            <button type="button" className="button button-primary" onClick={editor.overwrite}>
              {t('conflict.overwrite')}
            </button>
          </div>
        </div>
      ) : null}
      {editor.error ? (
        <p className="form-error" role="alert">
          {editor.error}
        </p>
      ) : null}
      <p className="admin-muted" role="status">
        {editor.saved ? t('saved') : ''}
      </p>
      <button type="submit" className="button button-primary" disabled={editor.saving || editor.conflict !== null}>
        {editor.saving ? t('saving') : (label ?? t('save'))}
      </button>
    </div>
  );
}
