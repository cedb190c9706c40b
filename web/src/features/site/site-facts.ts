// The studio's facts as the pages use them. The config's copy is the default, so the first
// paint never waits for the network and a failed call still shows real details.
import type { components } from '@/lib/api-schema';
import { studio } from '@/config/studio';

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
  openingHours: readonly { days: string; hours: string }[];
  social: readonly { name: string; href: string }[];
  /** One sentence: where we deliver and where to collect. */
  delivery: string;
}

export type SiteAnswer = components['schemas']['Site'];

/** What the pages show before (or without) the server's answer. */
export const defaultSiteFacts: SiteFacts = studio;

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
