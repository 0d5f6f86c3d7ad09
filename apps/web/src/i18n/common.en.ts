import type { Translated } from './define.ts';
import type { commonDe } from './common.ts';

export const commonEn: Translated<typeof commonDe> = {
  loading: 'Loading …',
  retry: 'Try again',
  close: 'Close',
  error_generic: 'Something went wrong. Please try again.',
  not_found_title: 'Page not found',
  not_found_text: 'This page does not exist. Back to the menu?',
  back_to_menu: 'Back to the menu',
};
