// The server's answer in the pages' shape. Only the call needs this, so it travels with the
// call's chunk rather than in the nav's first JavaScript.
import type { components } from '@/lib/api-schema';
import type { SiteFacts } from '../site-facts';

export type SiteAnswer = components['schemas']['Site'];

/** The server's answer in the pages' shape; a social link that is not a web address is left out. */
export function siteFactsFrom(answer: SiteAnswer): SiteFacts {
  return {
    name: answer.name,
    tagline: answer.tagline,
    address: answer.address,
    phone: answer.phone,
    phoneHref: `tel:${answer.phone_international}`,
    email: answer.email,
    openingHours: answer.opening_hours.map(({ days, hours }) => ({ days, hours })),
    social: answer.social.filter((site) => /^https?:\/\//.test(site.url)).map((site) => ({ name: site.name, href: site.url })),
    delivery: answer.delivery_note,
    town: answer.delivery_area,
    district: answer.collection_from,
  };
}
