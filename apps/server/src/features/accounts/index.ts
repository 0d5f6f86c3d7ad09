export { default as accountsRoutes, signIn } from './routes.ts';
export type { AccountsRoutesOptions } from './routes.ts';
export type { LoginLimits } from './login-throttle.ts';
export { hashPassword, isCommonPassword, PasswordWorkBusy, verifyPassword } from './passwords.ts';
export { DEFAULT_LOGIN_LIMITS } from './login-throttle.ts';
export { createLogin, type LoginResult } from './service.ts';
export { default as addressRoutes } from './address-routes.ts';
export {
  confirmOwnPassword,
  CUSTOMERS_ONLY,
  NO_ACCOUNT,
  PASSWORD_TOO_COMMON,
  SESSION_NOT_FOUND,
  signedInCustomer,
  WRONG_PASSWORD,
} from './own-account.ts';
