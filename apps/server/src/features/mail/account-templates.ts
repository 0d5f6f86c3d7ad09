import type { Language, StaffRole } from '@pizzeria/domain';
import { shortMail, type RenderedMail, type TemplateContext } from './templates.ts';

// The mails about an account: confirming its address, changing it, a colleague's invitation.

const ROLE_NAMES: Readonly<Record<Language, Record<StaffRole, string>>> = {
  de: { owner: 'Inhaber', manager: 'Schichtleitung', kitchen: 'Küche' },
  en: { owner: 'Owner', manager: 'Shift manager', kitchen: 'Kitchen' },
};

const CONFIRM = { de: 'E-Mail-Adresse bestätigen', en: 'Confirm my email address' };

/** A new account's welcome, with the link that confirms its address (valid 48 hours). */
export function welcomeConfirmMail(
  language: Language,
  data: { name: string; link: string },
  context: TemplateContext,
): RenderedMail {
  return shortMail(language, context, data.name, {
    subject: {
      de: `Willkommen bei ${context.shopName}: bitte E-Mail-Adresse bestätigen`,
      en: `Welcome to ${context.shopName}: please confirm your email`,
    },
    before: {
      de: 'Ihr Kundenkonto ist eingerichtet, und Sie können gleich bestellen. Bitte bestätigen Sie noch Ihre E-Mail-Adresse: erst dann können Sie sich auf anderen Geräten mit Ihrem Passwort anmelden. Der Link gilt 48 Stunden.',
      en: 'Your account is ready, and you can order straight away. Please confirm your email address: only then can you sign in with your password on other devices. The link works for 48 hours.',
    },
    link: { ...CONFIRM, href: data.link },
    after: {
      de: 'Wenn Sie kein Konto angelegt haben, ignorieren Sie diese E-Mail einfach.',
      en: 'If you did not create an account, just ignore this email.',
    },
  });
}

/** The link that confirms an account's address again (asked for, or sent at a refused sign-in). */
export function confirmEmailMail(
  language: Language,
  data: { name: string; link: string },
  context: TemplateContext,
): RenderedMail {
  return shortMail(language, context, data.name, {
    subject: {
      de: `Bitte bestätigen Sie Ihre E-Mail-Adresse bei ${context.shopName}`,
      en: `Please confirm your email at ${context.shopName}`,
    },
    before: {
      de: 'Mit diesem Link bestätigen Sie Ihre E-Mail-Adresse; danach können Sie sich anmelden. Er gilt 48 Stunden und nur einmal.',
      en: 'This link confirms your email address; then you can sign in. It works once and for 48 hours.',
    },
    link: { ...CONFIRM, href: data.link },
  });
}

/** To the new address of an account whose owner asked to change it: it counts once this link is used. */
export function emailChangeMail(
  language: Language,
  data: { name: string; link: string },
  context: TemplateContext,
): RenderedMail {
  return shortMail(language, context, data.name, {
    subject: {
      de: `Neue E-Mail-Adresse bei ${context.shopName} bestätigen`,
      en: `Confirm your new email at ${context.shopName}`,
    },
    before: {
      de: 'Sie möchten Ihr Kundenkonto künftig mit dieser E-Mail-Adresse nutzen. Sie gilt, sobald Sie sie mit diesem Link bestätigen; bis dahin bleibt die bisherige. Der Link gilt 48 Stunden und nur einmal.',
      en: 'You want to use this email address for your account from now on. It counts once you confirm it with this link; until then the old one stays. The link works once and for 48 hours.',
    },
    link: { de: 'Neue E-Mail-Adresse bestätigen', en: 'Confirm my new email address', href: data.link },
    after: {
      de: 'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail einfach: Ihr Konto bleibt, wie es ist.',
      en: 'If this was not you, just ignore this email: the account stays as it is.',
    },
  });
}

/** To the old address when the change is asked for: its owner learns of it, whoever asked. */
export function emailChangeNoticeMail(
  language: Language,
  data: { name: string; newEmail: string },
  context: TemplateContext,
): RenderedMail {
  return shortMail(language, context, data.name, {
    subject: {
      de: `Ihre E-Mail-Adresse bei ${context.shopName} soll geändert werden`,
      en: `Your email at ${context.shopName} is about to change`,
    },
    before: {
      de: `Für Ihr Kundenkonto wurde gerade die neue E-Mail-Adresse ${data.newEmail} angegeben. Sie gilt erst, wenn dort der Bestätigungslink geöffnet wird.`,
      en: `The new email address ${data.newEmail} has just been given for your account. It counts only once the confirmation link sent there is opened.`,
    },
    after: {
      de: 'Wenn Sie das nicht waren, ändern Sie bitte Ihr Passwort und melden Sie sich bei uns.',
      en: 'If this was not you, please change your password and get in touch with us.',
    },
  });
}

/** An owner's invitation of a colleague: the link sets a password and makes the staff account (48 hours). */
export function staffInvitationMail(
  language: Language,
  data: { name: string; inviter: string; role: StaffRole; link: string },
  context: TemplateContext,
): RenderedMail {
  const role = ROLE_NAMES[language][data.role];
  return shortMail(language, context, data.name, {
    subject: {
      de: `Einladung ins Back Office von ${context.shopName}`,
      en: `Invitation to the ${context.shopName} back office`,
    },
    before: {
      de: `${data.inviter} lädt Sie ins Back Office von ${context.shopName} ein, mit der Rolle „${role}“. Über diesen Link wählen Sie Ihr Passwort; er gilt 48 Stunden und nur einmal.`,
      en: `${data.inviter} invites you to the ${context.shopName} back office, as “${role}”. Use this link to choose your password; it works once and for 48 hours.`,
    },
    link: { de: 'Passwort wählen', en: 'Choose my password', href: data.link },
    after: {
      de: 'Wenn Sie damit nichts anfangen können, ignorieren Sie diese E-Mail einfach.',
      en: 'If this means nothing to you, just ignore this email.',
    },
  });
}
