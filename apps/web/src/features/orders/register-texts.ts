import { registerTranslations } from '../../i18n/index.ts';
import { ordersTexts } from './locales.ts';

// The order pages' texts travel with their lazy chunks, not the first load (i18n/resources.ts).
registerTranslations('orders', ordersTexts);
