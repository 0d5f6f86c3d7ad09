import { registerTranslations } from '../../../../i18n/index.ts';
import { adminDeclarationsTexts } from './locales.ts';

// The allergen pages' texts travel with the back office's lazy chunk, never the storefront's first load.
registerTranslations('adminDeclarations', adminDeclarationsTexts);
