import { defineTranslations } from '../../../i18n/define.ts';

/** Texts of this device's notifications for new orders (the switch on the devices page and the board). */
export const adminPushTexts = defineTranslations(
  {
    label_on: 'Benachrichtigungen: an',
    label_off: 'Benachrichtigungen: aus',
    on_note: 'Dieses Gerät klingelt bei jeder neuen Bestellung – auch wenn die Verwaltung geschlossen ist.',
    off_note: 'Einschalten, damit dieses Gerät bei jeder neuen Bestellung klingelt, auch mit geschlossenem Tab.',
    unsupported:
      'Dieser Browser kann keine Benachrichtigungen empfangen. Auf dem iPad oder iPhone: Verwaltung zum Home-Bildschirm hinzufügen und von dort öffnen.',
    denied:
      'Benachrichtigungen sind für diese Seite im Browser blockiert. Erlauben Sie sie in den Website-Einstellungen des Browsers und laden Sie die Seite neu.',
    failed: 'Das hat nicht geklappt. Bitte versuchen Sie es erneut.',
  },
  {
    label_on: 'Notifications: on',
    label_off: 'Notifications: off',
    on_note: 'This device rings for every new order – even when the back office is closed.',
    off_note: 'Turn on so that this device rings for every new order, even with the tab closed.',
    unsupported:
      'This browser cannot receive notifications. On an iPad or iPhone: add the back office to the home screen and open it from there.',
    denied:
      'Notifications are blocked for this site in the browser. Allow them in the browser’s site settings and reload the page.',
    failed: 'That did not work. Please try again.',
  },
);

declare module '../../../i18n/resources.ts' {
  interface LazyNamespaces {
    adminPush: (typeof adminPushTexts)['de'];
  }
}
