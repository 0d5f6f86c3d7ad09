import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountName } from './account-name.tsx';

describe('the customer’s name in the header', () => {
  it('shows the first name in full on wide screens and cut to 4 characters plus an ellipsis on mobile', () => {
    render(<AccountName name="Alessandra Rossi" />);
    expect(screen.getByText('Ales…')).toHaveClass('only-mobile');
    expect(screen.getByText('Ales…')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getAllByText('Alessandra').map((text) => text.className)).toEqual([
      'only-wide',
      'only-mobile sr-only',
    ]);
  });

  it('leaves a short first name whole on mobile', () => {
    render(<AccountName name="Ugo Bianchi" />);
    expect(screen.getAllByText('Ugo')).toHaveLength(2);
  });
});
