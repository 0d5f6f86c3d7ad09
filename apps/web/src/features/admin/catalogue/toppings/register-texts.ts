import { registerTranslations } from '../../../../i18n/index.ts';
import { adminToppingsTexts } from './locales.ts';

// The toppings pages' texts travel with the back office's lazy chunk, never the storefront's first load.
registerTranslations('adminToppings', adminToppingsTexts);
