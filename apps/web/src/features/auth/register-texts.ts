import { registerTranslations } from '../../i18n/index.ts';
import { authTexts } from './locales.ts';

// The account screens' texts travel with their lazy chunks, not the first load (i18n/resources.ts).
registerTranslations('auth', authTexts);
