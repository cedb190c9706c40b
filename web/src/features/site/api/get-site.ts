import { api } from '@/lib/api-client';
import type { SiteFacts } from '../site-facts';
import { siteFactsFrom } from './site-answer';

/** GET /api/site/: the studio's facts, or an error when the answer is not one. */
export async function getSite(signal?: AbortSignal): Promise<SiteFacts> {
  const { data, error } = await api.GET('/api/site/', { signal });
  if (error || !data) throw new Error('Could not load the studio’s details');
  return siteFactsFrom(data);
}
