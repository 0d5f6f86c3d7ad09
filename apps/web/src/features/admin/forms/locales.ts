import { defineTranslations } from '../../../i18n/define.ts';

/** Texts every back-office form shares: field errors, saving, conflicts, unsaved changes. */
export const adminFormsTexts = defineTranslations(
  {
    errors: {
      required: 'Bitte ausfüllen.',
      too_long: 'Höchstens {{max}} Zeichen.',
      too_short: 'Mindestens {{min}} Zeichen.',
      number: 'Bitte eine Zahl eingeben.',
      whole_number: 'Bitte eine ganze Zahl eingeben.',
      at_least: 'Mindestens {{min}}.',
      at_most: 'Höchstens {{max}}.',
      cents: 'Höchstens zwei Nachkommastellen.',
      email: 'Bitte eine gültige E-Mail-Adresse eingeben.',
      invalid: 'Diese Eingabe ist ungültig.',
      choose: 'Bitte auswählen.',
      too_many: 'Höchstens {{max}} Einträge.',
      too_few: 'Mindestens {{min}} Einträge.',
    },
    save: 'Speichern',
    saving: 'Wird gespeichert …',
    saved: 'Gespeichert.',
    cancel: 'Abbrechen',
    german: 'Deutsch',
    english: 'Englisch',
    english_hint: 'Leer lassen: Der Shop zeigt auf Englisch den deutschen Text.',
    conflict: {
      title: 'Inzwischen geändert',
      text: 'Jemand anderes hat das gespeichert, während Sie es bearbeitet haben. Ihre Eingaben sind noch da.',
      reload: 'Deren Stand laden',
      overwrite: 'Mit meinem Stand überschreiben',
    },
    unsaved: 'Es gibt ungespeicherte Änderungen. Seite trotzdem verlassen?',
    reorder: {
      handle: '{{name}} verschieben',
      instructions:
        'Zum Verschieben Leertaste drücken, mit den Pfeiltasten bewegen, mit Leertaste ablegen oder mit Escape abbrechen.',
      picked: '{{name}} aufgenommen, Position {{position}} von {{count}}.',
      moved: '{{name}} ist jetzt an Position {{position}} von {{count}}.',
      dropped: '{{name}} abgelegt an Position {{position}} von {{count}}.',
      cancelled: 'Verschieben abgebrochen. {{name}} bleibt an seinem Platz.',
      saved: 'Reihenfolge gespeichert.',
    },
  },
  {
    errors: {
      required: 'Please fill this in.',
      too_long: 'At most {{max}} characters.',
      too_short: 'At least {{min}} characters.',
      number: 'Please enter a number.',
      whole_number: 'Please enter a whole number.',
      at_least: 'At least {{min}}.',
      at_most: 'At most {{max}}.',
      cents: 'At most two decimals.',
      email: 'Please enter a valid e-mail address.',
      invalid: 'This is not valid.',
      choose: 'Please choose one.',
      too_many: 'At most {{max}} entries.',
      too_few: 'At least {{min}} entries.',
    },
    save: 'Save',
    saving: 'Saving …',
    saved: 'Saved.',
    cancel: 'Cancel',
    german: 'German',
    english: 'English',
    english_hint: 'Leave empty: the shop shows the German text in English.',
    conflict: {
      title: 'Changed meanwhile',
      text: 'Someone else saved this while you were editing it. What you typed is still here.',
      reload: 'Load their version',
      overwrite: 'Overwrite with mine',
    },
    unsaved: 'There are unsaved changes. Leave the page anyway?',
    reorder: {
      handle: 'Move {{name}}',
      instructions: 'Press space to pick up, the arrow keys to move, space to drop or escape to cancel.',
      picked: 'Picked up {{name}}, position {{position}} of {{count}}.',
      moved: '{{name}} is now at position {{position}} of {{count}}.',
      dropped: '{{name}} dropped at position {{position}} of {{count}}.',
      cancelled: 'Moving cancelled. {{name}} stays where it was.',
      saved: 'Order saved.',
    },
  },
);

declare module '../../../i18n/resources.ts' {
  interface LazyNamespaces {
    adminForms: (typeof adminFormsTexts)['de'];
  }
}
