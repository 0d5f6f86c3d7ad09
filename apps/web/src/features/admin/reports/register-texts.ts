import { registerTranslations } from '../../../i18n/index.ts';
import { adminReportsTexts } from './locales.ts';

// The reports' texts travel with the back office's lazy chunk, never the storefront's first load.
registerTranslations('adminReports', adminReportsTexts);
