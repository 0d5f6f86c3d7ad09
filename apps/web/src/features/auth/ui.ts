/**
 * Parts of the account screens that the back office uses: the login form and the labelled field. Kept
 * apart from `index.ts`: the index is in the first load, and what is re-exported there is bundled there
 * (with their stylesheet and the account texts, about 3 KB gzip); these belong in the lazy chunks.
 */
export { LoginForm } from './components/login-form.tsx';
export { FormField } from './components/form-field.tsx';
