import { api, errorMessage } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type Workshop = components['schemas']['Workshop'];

export const WORKSHOPS_FAILED = 'We could not load the workshops just now.';
/** Said when a workshop's page cannot be loaded for a reason other than its not being there. */
export const WORKSHOP_FAILED = 'We could not load this workshop just now.';

/** GET /api/workshops/: upcoming workshops, soonest first. */
export async function getWorkshops(signal?: AbortSignal): Promise<Workshop[]> {
  const { data, error } = await api.GET('/api/workshops/', { signal });
  if (error || !data) throw new Error(WORKSHOPS_FAILED);
  return data;
}

/** A workshop the server does not have (hidden, cancelled, a wrong address): its sentence. */
export class WorkshopMissing extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkshopMissing';
  }
}

/** The API path of one workshop, the key of its answer inside a drawn page. */
export const workshopPath = (slug: string) => `/api/workshops/${slug}/`;

/** GET /api/workshops/{slug}/: one workshop; WorkshopMissing on a 404, in the server's words. */
export async function getWorkshop(slug: string, signal?: AbortSignal): Promise<Workshop> {
  const { data, error, response } = await api.GET('/api/workshops/{slug}/', { params: { path: { slug } }, signal });
  if (data) return data;
  if (response.status === 404) throw new WorkshopMissing(errorMessage(error, 'We could not find that workshop.'));
  throw new Error(WORKSHOP_FAILED);
}
