// Tappable contact details for the florist on her phone: a phone number rings (tel:), an
// address opens in the phone's maps. Used by the order page and the day sheet.

/** `07700 900123` as a `tel:` address: the digits and a leading +, nothing else. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** Where an address opens in maps (Google's universal link: the phone's maps app, or the web). */
export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** A phone number that rings when tapped. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={telHref(phone)} className="contact-link">
      {phone}
    </a>
  );
}

/** "Open in maps" for an address given as its lines (empty ones left out); the address itself is read with the link's name. */
export function MapsLink({ lines }: { lines: readonly (string | null | undefined)[] }) {
  const address = lines.filter((line): line is string => Boolean(line && line.trim())).join(', ');
  if (!address) return null;
  return (
    <a href={mapsHref(address)} className="contact-link contact-link--maps" target="_blank" rel="noreferrer">
      Open in maps{' '}
      <span className="visually-hidden">for {address} (opens in a new tab)</span>
    </a>
  );
}
