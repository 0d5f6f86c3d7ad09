import { registerTranslations } from '../../../i18n/index.ts';
import { installFieldErrorTexts } from './field-errors.ts';
import { adminFormsTexts } from './locales.ts';

// The forms' texts travel with the back office's lazy chunk, never the storefront's first load.
registerTranslations('adminForms', adminFormsTexts);
installFieldErrorTexts();
