import { useState, type ReactNode } from 'react';
import { QueryState } from '../shell/query-state.tsx';
import { confirmLeave } from './unsaved-changes.ts';

type Row = { id: number; name: { de: string; en: string } };

/**
 * A page's list beside its editor: which row the form edits (null: it adds one, a fresh form after
 * each one added), and the status line that says what just happened. Choosing another row asks first
 * when the form holds unsaved changes.
 */
export function useListEditor<R extends Row>(keyPrefix: string) {
  const [editing, setEditing] = useState<R | null>(null);
  const [added, setAdded] = useState(0);
  const [status, setStatus] = useState('');

  const edit = (row: R | null) => {
    if (!confirmLeave()) return;
    setStatus('');
    setEditing(row);
  };

  return {
    editing,
    status,
    edit,
    /** A new key gives a new form: another row chosen, or the next one to add. */
    editorKey: editing ? `${keyPrefix}-${editing.id}` : `new-${added}`,
    created: (message: string) => {
      setStatus(message);
      setAdded((count) => count + 1);
    },
    archived: (row: R, message: string) => {
      if (editing?.id === row.id) setEditing(null);
      setStatus(message);
    },
  };
}

/**
 * A back-office page: its title and one line on what it is for, then what it holds. `actions` stand
 * beside the title (links to related pages); `headClass` names that wider head for the page's CSS.
 */
export function AdminPage({
  title,
  intro,
  actions,
  headClass,
  children,
}: {
  title: string;
  intro: string;
  actions?: ReactNode;
  headClass?: string;
  children: ReactNode;
}) {
  const head = (
    <div className="admin-page-head">
      <h1 id="admin-page-title">{title}</h1>
      <p className="admin-muted">{intro}</p>
    </div>
  );
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      {actions ? (
        <div className={headClass}>
          {head}
          {actions}
        </div>
      ) : (
        head
      )}
      {children}
    </section>
  );
}

/** What just happened on the page (added, saved, archived), read out to screen readers too. */
export function StatusLine({ status }: { status: string }) {
  return (
    <p className="admin-muted" role="status">
      {status}
    </p>
  );
}

/** A failure of an action on the list, above it; nothing while there is none. */
export function FailureLine({ failure }: { failure: string | null }) {
  return failure ? (
    <p className="form-error" role="alert">
      {failure}
    </p>
  ) : null;
}

/** The list once loaded (or loading, or why it failed with a way to try again), or why it is empty. */
export function Rows<R>({
  rows,
  empty,
  children,
}: {
  rows: { data: readonly R[] | undefined; isError: boolean; refetch: () => unknown };
  empty: ReactNode;
  children: (rows: readonly R[]) => ReactNode;
}) {
  if (!rows.data) return <QueryState query={rows} />;
  if (rows.data.length === 0) return typeof empty === 'string' ? <p className="admin-muted">{empty}</p> : empty;
  return children(rows.data);
}

/** The page: its title and intro, the editor, the status line, then the list (or why there is none). */
export function ListEditorPage<R>({
  title,
  intro,
  editor,
  status,
  listId,
  listTitle,
  rows,
  empty,
  children,
}: {
  title: string;
  intro: string;
  editor: ReactNode;
  status: string;
  listId: string;
  listTitle: string;
  rows: { data: readonly R[] | undefined; isError: boolean; refetch: () => unknown };
  empty: string;
  children: (rows: readonly R[]) => ReactNode;
}) {
  return (
    <AdminPage title={title} intro={intro}>
      {editor}
      <StatusLine status={status} />
      <section className="admin-panel" aria-labelledby={listId}>
        <h2 id={listId}>{listTitle}</h2>
        <Rows rows={rows} empty={empty}>
          {children}
        </Rows>
      </section>
    </AdminPage>
  );
}
