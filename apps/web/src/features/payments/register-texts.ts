import { registerTranslations } from '../../i18n/index.ts';
import { paymentsTexts } from './locales.ts';

// The payment texts travel with the checkout's and the order page's lazy chunks (i18n/resources.ts).
registerTranslations('payments', paymentsTexts);
