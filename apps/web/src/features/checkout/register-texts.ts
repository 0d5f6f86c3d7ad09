import { registerTranslations } from '../../i18n/index.ts';
import { checkoutTexts } from './locales.ts';

// The checkout's texts travel with its lazy chunks, not the first load (i18n/resources.ts).
registerTranslations('checkout', checkoutTexts);
