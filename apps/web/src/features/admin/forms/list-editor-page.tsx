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
    <section className="admin-page" aria-labelledby="admin-page-title">
      <div className="admin-page-head">
        <h1 id="admin-page-title">{title}</h1>
        <p className="admin-muted">{intro}</p>
      </div>
      {editor}
      <p className="admin-muted" role="status">
        {status}
      </p>
      <section className="admin-panel" aria-labelledby={listId}>
        <h2 id={listId}>{listTitle}</h2>
        {!rows.data ? (
          <QueryState query={rows} />
        ) : rows.data.length === 0 ? (
          <p className="admin-muted">{empty}</p>
        ) : (
          children(rows.data)
        )}
      </section>
    </section>
  );
}
