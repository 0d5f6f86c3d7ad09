import { defineTranslations } from '../../i18n/define.ts';

/** Texts of the back office (a lazy chunk; nothing of it is in the storefront's first load). */
export const adminTexts = defineTranslations(
  {
    generic_error: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
    loading: 'Wird geladen …',
    login: {
      page_title: 'Admin Login',
      title: 'Admin Login',
      intro:
        'Für Mitarbeiterinnen und Mitarbeiter des Restaurants. Dieses Gerät bleibt angemeldet, bis Sie sich abmelden.',
      invalid_credentials: 'E-Mail-Adresse oder Passwort stimmen nicht.',
      back_to_shop: 'Zurück zum Shop',
    },
    shell: {
      brand: '{{name}} · Verwaltung',
      navigation: 'Verwaltung',
      menu: 'Menü',
      signed_in_as: 'Angemeldet als {{email}}',
      sign_out: 'Abmelden',
      signing_out: 'Abmeldung …',
      shop: 'Zum Shop',
    },
    pages: {
      home: 'Admin Dashboard',
      category: 'Kategorien',
      category_list: 'Kategorieliste',
      products: 'Produkte',
      products_list: 'Produktliste',
      tax: 'Steuern',
      store_setting: 'Öffnungszeiten & Einstellungen',
      discount: 'Rabatte',
      toppings: 'Beläge',
      topping_groups: 'Belaggruppen',
      group_item: 'Gruppeneinträge',
      product_groups: 'Produktgruppen',
      categories_page: 'Reihenfolge der Speisekarte',
      allergy: 'Allergene & Zusatzstoffe',
      item_allergy: 'Allergene zuordnen',
      delivery_areas: 'Liefergebiete',
      audit: 'Änderungsprotokoll',
      devices: 'Geräte',
    },
    sections: {
      orders: 'Bestellungen',
      menu: 'Speisekarte',
      shop: 'Restaurant',
    },
    order_type: {
      delivery: 'Lieferung',
      pickup: 'Abholung',
    },
    status: {
      pending_payment: 'Zahlung offen',
      waiting: 'Wartet',
      accepted: 'Angenommen',
      rejected: 'Abgelehnt',
      ready: 'Fertig',
      completed: 'Abgeschlossen',
      cancelled: 'Storniert',
      expired: 'Verfallen (nicht bezahlt)',
    },
    devices: {
      intro: 'Hier sind Sie angemeldet. Melden Sie ein Gerät ab, das Sie nicht mehr nutzen oder nicht kennen.',
      signed_in_since: 'Angemeldet seit',
      last_used: 'Zuletzt genutzt',
      this_device: 'Dieses Gerät',
      unnamed: 'Unbekanntes Gerät',
      sign_out: 'Abmelden',
      sign_out_named: '{{device}} abmelden',
      empty: 'Keine angemeldeten Geräte.',
    },
  },
  {
    generic_error: 'Something went wrong. Please try again.',
    retry: 'Try again',
    loading: 'Loading …',
    login: {
      page_title: 'Admin Login',
      title: 'Admin Login',
      intro: 'For the restaurant’s staff. This device stays signed in until you sign out.',
      invalid_credentials: 'The email address or password is wrong.',
      back_to_shop: 'Back to the shop',
    },
    shell: {
      brand: '{{name}} · Back office',
      navigation: 'Back office',
      menu: 'Menu',
      signed_in_as: 'Signed in as {{email}}',
      sign_out: 'Sign out',
      signing_out: 'Signing out …',
      shop: 'To the shop',
    },
    pages: {
      home: 'Admin Dashboard',
      category: 'Categories',
      category_list: 'Category List',
      products: 'Products',
      products_list: 'Product List',
      tax: 'Taxes',
      store_setting: 'Store Settings',
      discount: 'Discounts',
      toppings: 'Toppings',
      topping_groups: 'Topping Groups',
      group_item: 'Group Items',
      product_groups: 'Product Groups',
      categories_page: 'Menu Order',
      allergy: 'Allergens & Additives',
      item_allergy: 'Item Allergens',
      delivery_areas: 'Delivery Areas',
      audit: 'Audit Log',
      devices: 'Devices',
    },
    sections: {
      orders: 'Orders',
      menu: 'Menu',
      shop: 'Restaurant',
    },
    order_type: {
      delivery: 'Delivery',
      pickup: 'Pickup',
    },
    status: {
      pending_payment: 'Payment pending',
      waiting: 'Waiting',
      accepted: 'Accepted',
      rejected: 'Rejected',
      ready: 'Ready',
      completed: 'Completed',
      cancelled: 'Cancelled',
      expired: 'Expired (not paid)',
    },
    devices: {
      intro: 'You are signed in on these devices. Sign out a device you no longer use or do not recognise.',
      signed_in_since: 'Signed in since',
      last_used: 'Last used',
      this_device: 'This device',
      unnamed: 'Unknown device',
      sign_out: 'Sign out',
      sign_out_named: 'Sign out {{device}}',
      empty: 'No devices are signed in.',
    },
  },
);

// The back office's namespace joins the typed resources from here: the shared i18n set-up does not
// import the admin area (ESLint), and nothing of it reaches the storefront's first load.
declare module '../../i18n/resources.ts' {
  interface LazyNamespaces {
    admin: (typeof adminTexts)['de'];
  }
}
