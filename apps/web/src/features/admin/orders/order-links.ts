import type { AdminOrder } from '@pizzeria/domain';

/** A `tel:` address: digits and a leading plus only, as phones dial it (`030 1234-56` → `tel:030123456`). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * The street with its house number, postcode, city and country: what a map search needs. The shop's
 * guest form keeps the house number in line 2 ("12, 3. OG": number, then floor or door bell), an address
 * book entry may have it in line 1; a flat or door bell only confuses the search, so it is left out.
 */
export function mapSearchHref(address: AdminOrder['address']): string {
  const houseNumber = /\d\s*[a-z]?$/i.test(address.line1) ? '' : (address.line2?.split(',')[0]?.trim() ?? '');
  const street = houseNumber && /^\d/.test(houseNumber) ? `${address.line1} ${houseNumber}` : address.line1;
  const query = [street, `${address.zip} ${address.city}`.trim(), address.country]
    .filter((part) => part.length > 0)
    .join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
