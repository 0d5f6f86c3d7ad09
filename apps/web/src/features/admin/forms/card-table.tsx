import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import {
  createColumnHelper,
  tableFeatures,
  useTable,
  type DisplayColumnDef,
  type RowData,
} from '@tanstack/react-table';

// The server searches, filters and pages; a card table only lays out the rows it sent.
const features = tableFeatures({});
type Features = typeof features;

/** The column helper of a card table's rows. */
export const cardColumns = <T extends RowData>() => createColumnHelper<Features, T>();

/**
 * A back-office list as a table (TanStack Table) that becomes cards on a phone: every cell names its
 * column (`data-label`), so a stacked row still says what each value is; one column heads its row.
 * Classes follow `name`: `<name>-table`, `<name>-<column>-cell`, so each list styles its own columns.
 */
export function CardTable<T extends RowData>({
  name,
  wrapClass,
  caption,
  busy,
  columns,
  rows,
  rowId,
  heading,
  rowHeader,
  numeric,
  unlabelled = [],
}: {
  name: string;
  wrapClass?: string;
  caption: string;
  busy: boolean;
  columns: Array<DisplayColumnDef<Features, T, unknown>>;
  rows: T[];
  rowId: (row: T) => string;
  /** A column's heading, by its id. */
  heading: (id: string) => string;
  /** The column that heads each row, and its cell's class. */
  rowHeader: { id: string; className: string };
  /** The column of amounts, aligned to the right. */
  numeric: string;
  /** Columns whose cells need no label when stacked (a picture, the buttons). */
  unlabelled?: readonly string[];
}) {
  const table = useTable({ features, columns, data: rows, getRowId: rowId });
  return (
    <div className={wrapClass ? `admin-table-wrap ${wrapClass}` : 'admin-table-wrap'}>
      <table className={`admin-table ${name}-table`} aria-busy={busy || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={header.column.id === numeric ? 'admin-num' : undefined}>
                  {heading(header.column.id)}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => {
                const id = cell.column.id;
                const content = <table.FlexRender cell={cell} />;
                if (id === rowHeader.id)
                  return (
                    <th key={cell.id} scope="row" className={rowHeader.className}>
                      {content}
                    </th>
                  );
                return (
                  <LabelledCell
                    key={cell.id}
                    className={`${name}-${id}-cell${id === numeric ? ' admin-num' : ''}`}
                    label={unlabelled.includes(id) ? undefined : heading(id)}
                  >
                    {content}
                  </LabelledCell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A cell that names its column on a phone card (`data-label`), but only while it shows something: a
 * cell that has nothing to say for this row (a product with no state to report) would leave a bare
 * "Status:" on its card.
 */
function LabelledCell({ className, label, children }: { className: string; label?: string; children: ReactNode }) {
  const cell = useRef<HTMLTableCellElement>(null);
  const [empty, setEmpty] = useState(false);
  // Checked whenever the row renders the cell anew: what it shows depends on the row's data.
  useLayoutEffect(() => {
    const element = cell.current;
    if (!element) return;
    setEmpty(element.textContent.trim() === '' && !element.querySelector('img, svg, input, select, button, a'));
  }, [children]);
  return (
    <td ref={cell} className={className} data-label={label && !empty ? label : undefined}>
      {children}
    </td>
  );
}
