import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardTable, cardColumns } from './card-table.tsx';

interface Pizza {
  id: number;
  name: string;
  state: string | null;
}

const column = cardColumns<Pizza>();
const columns = [
  column.display({ id: 'name', cell: ({ row }) => row.original.name }),
  column.display({ id: 'state', cell: ({ row }) => (row.original.state ? <span>{row.original.state}</span> : null) }),
];

describe('a card table', () => {
  it('names a cell’s column on its card only when the cell shows something', () => {
    render(
      <CardTable<Pizza>
        name="pizzas"
        caption="Pizzen"
        busy={false}
        columns={columns}
        rows={[
          { id: 1, name: 'Margherita', state: 'Ausverkauft' },
          { id: 2, name: 'Salami', state: null },
        ]}
        rowId={(pizza) => String(pizza.id)}
        heading={(id) => (id === 'state' ? 'Status' : 'Name')}
        rowHeader={{ id: 'name', className: 'pizzas-name' }}
        numeric="price"
      />,
    );
    const [soldOut, onSale] = screen.getAllByRole('cell');
    expect(soldOut).toHaveAttribute('data-label', 'Status');
    expect(onSale).not.toHaveAttribute('data-label');
    expect(screen.getByRole('rowheader', { name: 'Salami' })).toBeInTheDocument();
  });
});
