import { restoreCart } from '../features/cart/index.ts';
import { restoreDeliveryChoice } from '../features/delivery/index.ts';
import { restoreSession } from '../features/session/index.ts';

/**
 * Reads what the shop keeps in the browser's storage (docs/product/shop.md): the signed-in customer, the cart and
 * the delivery choice. The stores start without it, as the server renders the page; main.tsx restores
 * it after taking over the server's page, or before the first render of a page the server did not
 * render.
 */
export function restoreBrowserState(): void {
  restoreSession();
  restoreCart();
  restoreDeliveryChoice();
}
