import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ConfirmArchiveDialog } from '../../forms/confirm-archive-dialog.tsx';
import { confirmLeave } from '../../forms/unsaved-changes.ts';

/** A row's German name, with the English one beside it when it differs. */
export function RowName({ name }: { name: { de: string; en: string } }) {
  return (
    <th scope="row">
      {name.de}
      {name.en && name.en !== name.de ? (
        <span className="toppings-english" lang="en">
          {name.en}
        </span>
      ) : null}
    </th>
  );
}

/**
 * The editor form's head: what it edits (focused when a row is chosen, so keyboards and small screens
 * find the form) and, while editing, the way back to adding a new one.
 */
export function EditorHead({
  id,
  heading,
  editing,
  onClose,
}: {
  id: string;
  heading: string;
  editing: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminToppings');
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (editing) title.current?.focus();
  }, [editing]);
  return (
    <div className="toppings-editor-head">
      <h2 id={id} ref={title} tabIndex={-1}>
        {heading}
      </h2>
      {editing ? (
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('close_editor')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * A row's actions: edit it in the form above, follow the link to what it holds, or archive it after
 * saying what else goes with it.
 */
export function RowActions({
  name,
  onEdit,
  link,
  archiveText,
  onArchive,
}: {
  name: string;
  onEdit: () => void;
  link: { href: string; label: string; accessibleLabel: string };
  archiveText: string;
  onArchive: () => Promise<void>;
}) {
  const { t } = useTranslation('adminToppings');
  return (
    <div className="toppings-row-actions">
      <button type="button" className="button button-secondary" aria-label={t('edit_named', { name })} onClick={onEdit}>
        {t('edit')}
      </button>
      <Link
        href={link.href}
        className="button button-secondary"
        aria-label={link.accessibleLabel}
        onClick={(event) => {
          if (!confirmLeave()) event.preventDefault();
        }}
      >
        {link.label}
      </Link>
      <ConfirmArchiveDialog
        trigger={{ label: t('archive.button'), accessibleLabel: t('archive.button_named', { name }) }}
        title={t('archive.title', { name })}
        text={archiveText}
        confirm={t('archive.confirm')}
        onConfirm={onArchive}
      />
    </div>
  );
}
