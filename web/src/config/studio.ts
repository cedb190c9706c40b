// The studio's own details, in one place so a studio re-skinning Posy changes them here. They
// are also what the pages show before (or without) the server's answer to GET /api/site/.

/** The studio's facts as the pages use them. */
export interface SiteFacts {
  name: string;
  tagline: string;
  /** One line each, the postcode last. */
  address: readonly string[];
  /** As people write it: 0117 496 0123. */
  phone: string;
  /** For the link: tel:+441174960123. */
  phoneHref: string;
  email: string;
  openingHours: readonly OpeningHoursRow[];
  social: readonly { name: string; href: string }[];
  /** One sentence: where we deliver and where to collect. */
  delivery: string;
}

/** One line of the opening hours: "Monday to Friday", "7:30–18:00" (or "Closed"). */
export interface OpeningHoursRow {
  days: string;
  hours: string;
}

export const studio: SiteFacts = {
  name: 'Posy',
  tagline: 'floral studio',
  address: ['Posy Floral Studio', 'Unit 4, Stockwood Mews', 'Stockwood Lane, Whitchurch', 'Bristol BS14 8SJ'],
  phone: '0117 496 0123',
  phoneHref: 'tel:+441174960123',
  email: 'hello@posyflowers.example',
  openingHours: [
    { days: 'Monday to Friday', hours: '7:30–18:00' },
    { days: 'Saturday', hours: '8:00–16:00' },
    { days: 'Sunday', hours: 'Closed' },
  ],
  social: [
    { name: 'Instagram', href: 'https://www.instagram.com/' },
    { name: 'Facebook', href: 'https://www.facebook.com/' },
    { name: 'Pinterest', href: 'https://www.pinterest.co.uk/' },
  ],
  delivery: 'We deliver across Bristol, or collect from our studio in BS14.',
};
