import { registerTranslations } from '../../i18n/index.ts';
import { adminTexts } from './locales.ts';

// The back office's texts travel with its lazy chunk, never the storefront's first load.
registerTranslations('admin', adminTexts);
