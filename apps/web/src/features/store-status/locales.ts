/** German texts of the store status (first load: the menu shows them); English in `locales.en.ts`. */
export const storeStatusDe = {
  connecting: 'Öffnungszeiten werden geprüft …',
  open: 'Jetzt geöffnet · bis {{time}}',
  opens_at: 'Öffnet um {{time}}',
  closed_today: 'Heute geschlossen',
  closure: 'Heute geschlossen: {{reason}}',
  paused: 'Online-Bestellungen pausiert',
  paused_until: 'Online-Bestellungen pausiert bis {{time}}',
  paused_auto: 'Online-Bestellungen gerade nicht möglich – bitte rufen Sie uns an',
  reconnecting: 'Geschlossen – Verbindung wird wiederhergestellt …',
  unavailable: 'Geschlossen – Status gerade nicht abrufbar',
  preorder: 'Vorbestellen für später heute ist möglich, solange Zeiten frei sind.',
  reopens_tomorrow: 'Wieder geöffnet morgen ab {{time}}.',
  reopens_on: 'Wieder geöffnet am {{day}} ab {{time}}.',
  no_orders_today: 'Heute nehmen wir keine Bestellungen mehr an.',
  preorder_ahead: 'Sie können schon jetzt vorbestellen.',
};
