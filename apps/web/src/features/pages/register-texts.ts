import { registerTranslations } from '../../i18n/index.ts';
import { pagesTexts } from './locales.ts';

// The pages' texts travel with their lazy chunk, not the first load (i18n/resources.ts).
registerTranslations('pages', pagesTexts);
