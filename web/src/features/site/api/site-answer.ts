// The server's answer in the pages' shape. Only the call needs this, so it travels with the
// call's chunk rather than in the nav's first JavaScript.
import type { components } from '@/lib/api-schema';
import { defaultSiteFacts, type SiteFacts } from '../site-facts';

export type SiteAnswer = components['schemas']['Site'];

const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.trim() ? value : fallback;

/**
 * The server's answer in the pages' shape. A field that is missing or empty keeps the
 * default, so a half-filled answer never blanks the footer.
 */
export function siteFactsFrom(answer: Partial<SiteAnswer>, defaults: SiteFacts = defaultSiteFacts): SiteFacts {
  const phoneInternational = text(answer.phone_international, '');
  const address = Array.isArray(answer.address) ? answer.address.filter((line) => typeof line === 'string' && line.trim()) : [];
  const hours = Array.isArray(answer.opening_hours)
    ? answer.opening_hours.filter((row) => row && typeof row.days === 'string' && typeof row.hours === 'string')
    : [];
  const social = Array.isArray(answer.social)
    ? answer.social
        .filter((site) => site && typeof site.name === 'string' && typeof site.url === 'string' && /^https?:\/\//.test(site.url))
        .map((site) => ({ name: site.name, href: site.url }))
    : [];
  return {
    name: text(answer.name, defaults.name),
    tagline: text(answer.tagline, defaults.tagline),
    address: address.length > 0 ? address : defaults.address,
    phone: text(answer.phone, defaults.phone),
    phoneHref: phoneInternational ? `tel:${phoneInternational.replace(/\s+/g, '')}` : defaults.phoneHref,
    email: text(answer.email, defaults.email),
    openingHours: hours.length > 0 ? hours.map(({ days, hours }) => ({ days, hours })) : defaults.openingHours,
    social: social.length > 0 ? social : defaults.social,
    delivery: text(answer.delivery_note, defaults.delivery),
  };
}
