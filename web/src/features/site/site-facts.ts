// The studio's facts as the pages use them. The config's copy is the default, so the first
// paint never waits for the network and a failed call still shows real details.
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

/** What the pages show before (or without) the server's answer. */
export const defaultSiteFacts: SiteFacts = studio;
