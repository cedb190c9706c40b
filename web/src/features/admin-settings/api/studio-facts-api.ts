// The studio's own facts in the back office (admin only): read them with the fields' limits,
// and save them once core finds nothing wrong (else each field at fault has its sentence).
import { api, errorMessage, type ErrorBody } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { SettingsSignedOut } from './settings-api';

export type StudioFacts = components['schemas']['StudioFactsForm'];
export type StudioSettings = components['schemas']['StudioSettings'];

/** The facts were not saved: the sentence over the form and each field's own. */
export class FactsRefused extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
    this.name = 'FactsRefused';
  }
}

function refusal(error: unknown, status: number): Error {
  if (status === 401) return new SettingsSignedOut();
  const body = error as ErrorBody | undefined;
  return new FactsRefused(errorMessage(body, 'The studio’s details could not be saved just now. Please try again.'), body?.fields ?? {});
}

export async function getStudioFacts(signal?: AbortSignal): Promise<StudioSettings> {
  const { data, error, response } = await api.GET('/api/admin/settings/studio/', { signal });
  if (!data) throw refusal(error, response.status);
  return data;
}

export async function saveStudioFacts(facts: StudioFacts): Promise<StudioSettings> {
  const { data, error, response } = await api.PUT('/api/admin/settings/studio/', { body: facts });
  if (!data) throw refusal(error, response.status);
  return data;
}
