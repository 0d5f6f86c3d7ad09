import type { AdminOrder } from '@pizzeria/domain';

/** A `tel:` address: digits and a leading plus only, as phones dial it (`030 1234-56` → `tel:030123456`). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** The street, postcode, city and country: what a map search needs (the door bell in line 2 only confuses it). */
export function mapSearchHref(address: AdminOrder['address']): string {
  const query = [address.line1, `${address.zip} ${address.city}`.trim(), address.country]
    .filter((part) => part.length > 0)
    .join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
