// The studio's facts as GET /api/site/ answers them in tests (the demo studio's), and in the
// pages' shape. Pages read the facts only from the server; tests mock the call with these.
import type { SiteFacts } from '@/components/ui/studio-facts';
import { siteFactsFrom, type SiteAnswer } from '@/features/site/api/site-answer';
import { json, mockApi } from './mock-api';

export const siteAnswer: SiteAnswer = {
  name: 'Posy',
  tagline: 'floral studio',
  address: ['Posy Floral Studio', 'Unit 4, Stockwood Mews', 'Stockwood Lane, Whitchurch', 'Bristol BS14 8SJ'],
  phone: '0117 496 0123',
  phone_international: '+441174960123',
  email: 'hello@posyflowers.example',
  opening_hours: [
    { days: 'Monday to Friday', hours: '07:30–18:00' },
    { days: 'Saturday', hours: '08:00–16:00' },
    { days: 'Sunday', hours: 'Closed' },
  ],
  social: [
    { name: 'Instagram', url: 'https://www.instagram.com/' },
    { name: 'Facebook', url: 'https://www.facebook.com/' },
    { name: 'Pinterest', url: 'https://www.pinterest.co.uk/' },
  ],
  delivery_area: 'Bristol',
  collection_from: 'BS14',
  delivery_note: 'We deliver across Bristol, or collect from our studio in BS14.',
};

/** The demo studio's facts as the pages use them. */
export const siteFacts: SiteFacts = siteFactsFrom(siteAnswer);

/** GET /api/site/ answers the demo studio (or `answer`). */
export function mockSite(answer: SiteAnswer = siteAnswer): void {
  mockApi.on('GET', '/api/site/', () => json(answer));
}
