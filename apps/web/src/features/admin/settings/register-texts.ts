import { registerTranslations } from '../../../i18n/index.ts';
import { adminSettingsTexts } from './locales.ts';

// The settings' texts travel with the back office's lazy chunk, never the storefront's first load.
registerTranslations('adminSettings', adminSettingsTexts);
