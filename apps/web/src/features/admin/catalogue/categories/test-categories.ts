import type { AdminCategory } from '@pizzeria/domain';
import type { FakeAnswer } from '../../../auth/test-api.ts';
import { staffTokens } from '../../test-staff.ts';

/** The refresh every admin test's first call makes. */
export const REFRESH: Record<string, FakeAnswer> = {
  'POST /api/staff/refresh': { status: 200, body: staffTokens('access-1', 'refresh-2') },
};

export const CATEGORIES_API = '/api/admin/stores/13/categories';

export function category(id: number, de: string, extra: Partial<AdminCategory> = {}): AdminCategory {
  return {
    id,
    name: { de, en: '' },
    description: { de: '', en: '' },
    position: id - 1,
    hidden: false,
    version: 1,
    product_count: 0,
    ...extra,
  };
}

export const PIZZA = category(1, 'Pizza', { name: { de: 'Pizza', en: 'Pizza' }, product_count: 2, version: 3 });
export const SALADS = category(2, 'Salate', { name: { de: 'Salate', en: 'Salads' }, hidden: true, product_count: 1 });
export const DRINKS = category(3, 'Getränke', { name: { de: 'Getränke', en: 'Drinks' } });

/** The body a recorded call sent, as JSON. */
export function sentJson(call: { body: BodyInit | null | undefined } | undefined): unknown {
  return call ? JSON.parse(String(call.body)) : undefined;
}
