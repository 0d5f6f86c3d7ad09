import { registerTranslations } from '../../../../i18n/index.ts';
import { adminTaxTexts } from './locales.ts';

// The VAT page's texts travel with the back office's lazy chunk, never the storefront's first load.
registerTranslations('adminTax', adminTaxTexts);
