import { registerTranslations } from '../../../../i18n/index.ts';
import { adminProductsTexts } from './locales.ts';

// The products' texts travel with the back office's lazy chunk, never the storefront's first load.
registerTranslations('adminProducts', adminProductsTexts);
