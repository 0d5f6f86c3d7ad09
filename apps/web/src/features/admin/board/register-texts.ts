import { registerTranslations } from '../../../i18n/index.ts';
import { adminBoardTexts } from './locales.ts';
import '../register-texts.ts';

registerTranslations('adminBoard', adminBoardTexts);
