import { describe, expect, it } from 'vitest';
import { formatPageTitle } from './page-title.ts';

describe('page title', () => {
  it('is "{title} | {restaurant} Restaurant" for a named page', () => {
    expect(formatPageTitle('Pizzeria Bella Napoli', 'Support')).toBe('Support | Pizzeria Bella Napoli Restaurant');
  });

  it('is the bare restaurant name without a title', () => {
    expect(formatPageTitle('Pizzeria Bella Napoli')).toBe('Pizzeria Bella Napoli');
  });
});
