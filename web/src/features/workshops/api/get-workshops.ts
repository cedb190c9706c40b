import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type Workshop = components['schemas']['Workshop'];

export const WORKSHOPS_FAILED = 'We could not load the workshops just now.';

/** GET /api/workshops/: upcoming workshops, soonest first. */
export async function getWorkshops(signal?: AbortSignal): Promise<Workshop[]> {
  const { data, error } = await api.GET('/api/workshops/', { signal });
  if (error || !data) throw new Error(WORKSHOPS_FAILED);
  return data;
}
