import { formatMoney, REGIONS, type Language, type Order, type NewOrderPush, type RegionCode } from '@pizzeria/domain';

/** Where a tap on the notification leads: the kitchen board (the back office's home). */
export const BOARD_URL = '/order-online/admin/home';

/** What the notification needs to know of the store: its language, money and clock come from it. */
export interface NoticeStore {
  region: RegionCode;
  timezone: string;
}

const TEXTS = {
  de: {
    title: (id: number) => `Neue Bestellung #${id}`,
    type: { pickup: 'Abholung', delivery: 'Lieferung' },
    at: 'um',
  },
  en: {
    title: (id: number) => `New order #${id}`,
    type: { pickup: 'Pickup', delivery: 'Delivery' },
    at: 'at',
  },
} as const;

/** The store's language: the kitchen reads its notifications as the shop speaks, not as a customer did. */
export function storeLanguage(region: RegionCode): Language {
  return region.startsWith('de') ? 'de' : 'en';
}

/**
 * A new order's notification for the staff devices: "Neue Bestellung #42" / "Lieferung · 23,50 € · um 18:07" —
 * the type, the total and the time it was placed, in the store's language, money and time zone.
 */
export function newOrderNotice(order: Order, store: NoticeStore): NewOrderPush {
  const language = storeLanguage(store.region);
  const texts = TEXTS[language];
  const total = formatMoney(order.total, store.region, REGIONS[store.region].currency);
  const time = new Intl.DateTimeFormat(store.region, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: store.timezone,
  }).format(new Date(order.created_at));
  return {
    kind: 'order_created',
    order_id: order.id,
    title: texts.title(order.id),
    body: `${texts.type[order.order_type]} · ${total} · ${texts.at} ${time}`,
    url: BOARD_URL,
  };
}
