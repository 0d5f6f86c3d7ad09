import { registerTranslations } from '../../../i18n/index.ts';
import { adminAuditTexts } from './locales.ts';

// The audit log's texts travel with the back office's lazy chunk, never the storefront's first load.
registerTranslations('adminAudit', adminAuditTexts);
