/** Where the shop lives on the server (under /order-online): pages and pictures. */
export const BASE_PATH = '/order-online';
