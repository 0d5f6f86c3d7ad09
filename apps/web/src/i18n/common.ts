/** Texts shared by several features. */
export const commonDe = {
  loading: 'Wird geladen …',
  retry: 'Erneut versuchen',
  close: 'Schließen',
  error_generic: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  not_found_title: 'Seite nicht gefunden',
  not_found_text: 'Diese Seite gibt es nicht. Zurück zur Speisekarte?',
  back_to_menu: 'Zur Speisekarte',
};
