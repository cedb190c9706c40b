import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type PrivacyFacts = components['schemas']['PrivacyFacts'];

export const PRIVACY_FAILED = 'We could not load how long we keep your details just now.';

/** GET /api/privacy/: how long each kind of personal data is kept, and who else sees it. */
export async function getPrivacy(signal?: AbortSignal): Promise<PrivacyFacts> {
  const { data, error } = await api.GET('/api/privacy/', { signal });
  if (error || !data) throw new Error(PRIVACY_FAILED);
  return data;
}
