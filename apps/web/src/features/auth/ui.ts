/**
 * Parts of the account screens that other lazy screens use: the back office (the login form, the
 * labelled field) and "Mein Konto" (the schema-checked form, its submit row, the new-password field).
 * Kept apart from `index.ts`: the index is in the first load, and what is re-exported there is bundled
 * there (with their stylesheet and the account texts, about 3 KB gzip); these belong in the lazy chunks.
 */
export { LoginForm } from './components/login-form.tsx';
export { FormField, NewPasswordField, SubmitRow, useAccountForm } from './components/form-field.tsx';
export { CheckCircleIcon } from './components/auth-icons.tsx';
export { errorCode } from './auth-errors.ts';
