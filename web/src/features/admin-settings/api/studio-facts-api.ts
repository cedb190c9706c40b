// The studio's own facts in the back office (admin only): read them with the fields' limits,
// and save them once core finds nothing wrong (else each field at fault has its sentence).
import { api, refusal } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type StudioFacts = components['schemas']['StudioFactsForm'];
export type StudioSettings = components['schemas']['StudioSettings'];

const FALLBACK = 'The studio’s details could not be saved just now. Please try again.';

export async function getStudioFacts(signal?: AbortSignal): Promise<StudioSettings> {
  const { data, error, response } = await api.GET('/api/admin/settings/studio/', { signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Saves the facts, from the `version` the page loaded: refused (409) when someone else saved since. */
export async function saveStudioFacts(facts: StudioFacts, version: number): Promise<StudioSettings> {
  const { data, error, response } = await api.PUT('/api/admin/settings/studio/', { body: { ...facts, version } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}
