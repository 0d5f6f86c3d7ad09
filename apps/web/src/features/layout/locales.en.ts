import type { Translated } from '../../i18n/define.ts';
import type { layoutDe } from './locales.ts';

export const layoutEn: Translated<typeof layoutDe> = {
  skip_to_content: 'Skip to content',
  home_link: '{{name}} – home',
  language_label: 'Language',
  login: 'Log in',
  account_menu: 'Account',
  account_signed_in_as: 'Signed in as',
  my_account: 'My account',
  my_orders: 'My orders',
  addresses: 'Addresses',
  logout: 'Log out',
  footer_nav: 'Help and legal',
  footer_support: 'Help & contact',
  footer_privacy: 'Privacy & legal notice',
  footer_copyright: '© {{year}} {{name}}',
  footer_tagline: 'Neapolitan stone-oven pizza – delivered or ready for pickup.',
  new_tab: '(opens in a new tab)',
};
