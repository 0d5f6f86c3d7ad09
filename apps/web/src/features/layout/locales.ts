/** German texts of the layout namespace (first load); English in `locales.en.ts`, loaded on demand. */
export const layoutDe = {
  skip_to_content: 'Zum Inhalt springen',
  home_link: '{{name}} – zur Startseite',
  language_label: 'Sprache',
  login: 'Anmelden',
  account_menu: 'Kundenkonto',
  account_signed_in_as: 'Angemeldet als',
  my_account: 'Mein Konto',
  my_orders: 'Meine Bestellungen',
  addresses: 'Adressen',
  logout: 'Abmelden',
  footer_nav: 'Hilfe und Rechtliches',
  footer_support: 'Hilfe & Kontakt',
  footer_privacy: 'Datenschutz & Impressum',
  footer_copyright: '© {{year}} {{name}}',
  footer_tagline: 'Neapolitanische Pizza aus dem Steinofen – geliefert oder zum Abholen.',
  new_tab: '(öffnet in neuem Tab)',
};
