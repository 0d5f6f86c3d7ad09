export * from './money.ts';
export * from './api/catalogue.ts';
export * from './api/errors.ts';
