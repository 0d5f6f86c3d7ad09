import { registerTranslations } from '../../../i18n/index.ts';
import { adminOrdersTexts } from './locales.ts';
// The order views reuse the back office's status and order-type names.
import '../register-texts.ts';

registerTranslations('adminOrders', adminOrdersTexts);
