import { registerTranslations } from '../../../i18n/index.ts';
import { adminStaffTexts } from './locales.ts';

// The team's texts travel with the back office's lazy chunk, never the storefront's first load.
registerTranslations('adminStaff', adminStaffTexts);
