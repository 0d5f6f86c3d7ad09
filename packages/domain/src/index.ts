export * from './money.ts';
export * from './format.ts';
export * from './cart.ts';
export * from './totals.ts';
export * from './opening-hours.ts';
export * from './api/catalogue.ts';
export * from './api/errors.ts';
