import { registerTranslations } from '../../i18n/index.ts';
import { accountTexts } from './locales.ts';

// "Mein Konto"'s texts travel with its lazy chunks, not the first load (i18n/resources.ts).
registerTranslations('account', accountTexts);
