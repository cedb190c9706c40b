// The studio's own details, in one place so a studio re-skinning Posy changes them here.
export const studio = {
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
} as const;
