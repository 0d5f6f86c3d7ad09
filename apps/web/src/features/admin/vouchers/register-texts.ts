import { registerTranslations } from '../../../i18n/index.ts';
import { adminVouchersTexts } from './locales.ts';

// The page's texts travel with the back office's lazy chunk, never the storefront's first load.
registerTranslations('adminVouchers', adminVouchersTexts);
