/** A Google Maps route to an address (the shop's "open in Maps", the admin's GPS button for the driver). */
export function directionsUrl(destination: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** The customer's address as one line: street, postal code, city (blank parts left out). */
export function addressLine(parts: {
  address?: string | null;
  postalCode?: string | null;
  city?: string | null;
}): string {
  return [parts.address, parts.postalCode, parts.city].filter(Boolean).join(', ');
}
