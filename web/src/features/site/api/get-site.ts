import { api } from '@/lib/api-client';
import { siteFactsFrom, type SiteFacts } from '../site-facts';

/** GET /api/site/: the studio's facts, or an error when the answer is not one. */
export async function getSite(signal?: AbortSignal): Promise<SiteFacts> {
  const { data, error } = await api.GET('/api/site/', { signal });
  if (error || !data || typeof data !== 'object') throw new Error('Could not load the studio’s details');
  return siteFactsFrom(data);
}
