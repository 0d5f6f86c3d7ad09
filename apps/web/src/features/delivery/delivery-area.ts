/** The city of an address line such as "Kastanienallee 12, 10435 Berlin" (German postcode + city). */
export function cityFromAddress(address: string | undefined): string | null {
  const match = address?.match(/\b\d{5}\s+([^,\d][^,]*)$/);
  return match?.[1]?.trim() || null;
}

/** "10115 Berlin", or just the postcode when the city is unknown. */
export function deliveryAreaLabel(postcode: string, city: string | null): string {
  return city ? `${postcode} ${city}` : postcode;
}
