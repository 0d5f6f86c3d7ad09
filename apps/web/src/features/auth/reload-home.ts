/** Loads the shop's home afresh (docs/product/shop.md: a successful login reloads to the shop home). */
export function reloadHome(): void {
  window.location.assign(import.meta.env.BASE_URL);
}
