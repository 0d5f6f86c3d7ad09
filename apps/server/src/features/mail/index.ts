export { default as mail } from './mail.ts';
export type { Mailer, MailMessage, MailPluginOptions } from './mail.ts';
export { escapeHtml, type PickupPlace } from './templates.ts';
