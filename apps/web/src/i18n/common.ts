import { defineTranslations } from './define.ts';

/** Texts shared by several features. */
export const common = defineTranslations(
  {
    loading: 'Wird geladen …',
    retry: 'Erneut versuchen',
    close: 'Schließen',
    error_generic: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    not_found_title: 'Seite nicht gefunden',
    not_found_text: 'Diese Seite gibt es nicht. Zurück zur Speisekarte?',
    back_to_menu: 'Zur Speisekarte',
  },
  {
    loading: 'Loading …',
    retry: 'Try again',
    close: 'Close',
    error_generic: 'Something went wrong. Please try again.',
    not_found_title: 'Page not found',
    not_found_text: 'This page does not exist. Back to the menu?',
    back_to_menu: 'Back to the menu',
  },
);
