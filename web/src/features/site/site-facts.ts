// The studio's facts as the pages use them. The config's copy is the default, so the first
// paint never waits for the network and a failed call still shows real details.
import { studio, type SiteFacts } from '@/config/studio';

export type { SiteFacts } from '@/config/studio';

/** What the pages show before (or without) the server's answer. */
export const defaultSiteFacts: SiteFacts = studio;
