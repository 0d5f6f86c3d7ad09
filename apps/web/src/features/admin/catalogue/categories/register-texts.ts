import { registerTranslations } from '../../../../i18n/index.ts';
import { adminCategoriesTexts } from './locales.ts';

// The categories' texts travel with the back office's lazy chunk, never the storefront's first load.
registerTranslations('adminCategories', adminCategoriesTexts);
