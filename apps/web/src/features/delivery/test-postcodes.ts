import type { Postcode } from '@pizzeria/domain';

/** Delivery areas for tests, shaped like GET /api/postcodes/store/13. */
export const testPostcodes: Postcode[] = [
  {
    id: 1,
    postcode: '10115',
    city: 'Berlin',
    delivery_fee: 2.5,
    minimum_order_amount: 15,
    delivery_time: 35,
    store_id: 13,
  },
  {
    id: 2,
    postcode: '10117',
    city: 'Berlin',
    delivery_fee: 3,
    minimum_order_amount: 20,
    delivery_time: 40,
    store_id: 13,
  },
  {
    id: 3,
    postcode: '10435',
    city: 'Berlin',
    delivery_fee: 0,
    minimum_order_amount: 12,
    delivery_time: 25,
    store_id: 13,
  },
  {
    id: 4,
    postcode: '12043',
    city: 'Berlin',
    delivery_fee: 4.5,
    minimum_order_amount: 25,
    delivery_time: 50,
    store_id: 13,
  },
];
