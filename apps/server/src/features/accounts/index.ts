export { default as accountsRoutes } from './routes.ts';
export type { AccountsRoutesOptions } from './routes.ts';
export type { LoginLimits } from './login-throttle.ts';
export { hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
