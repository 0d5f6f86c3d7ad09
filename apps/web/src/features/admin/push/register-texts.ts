import { registerTranslations } from '../../../i18n/index.ts';
import { adminPushTexts } from './locales.ts';

// The notification switch's texts travel with the back office's lazy chunk, never the storefront's first load.
registerTranslations('adminPush', adminPushTexts);
