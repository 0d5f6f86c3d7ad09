/** Where the shop lives on the server (SPEC: the app is served under /order-online): pages and pictures. */
export const BASE_PATH = '/order-online';
