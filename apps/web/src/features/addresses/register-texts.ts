import { registerTranslations } from '../../i18n/index.ts';
import { addressesTexts } from './locales.ts';

// The address page's texts travel with its lazy chunk, not the first load (i18n/resources.ts).
registerTranslations('addresses', addressesTexts);
