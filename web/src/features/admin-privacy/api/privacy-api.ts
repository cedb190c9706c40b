// The back office's side of customers' data (admin only): the retention settings, and a
// customer's data on request: what is held for an address, her copy as JSON, erasing it.
import { api, refusal } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type RetentionForm = components['schemas']['RetentionForm'];
export type CustomerSummary = components['schemas']['CustomerSummary'];
export type CustomerData = components['schemas']['CustomerData'];
export type Erased = components['schemas']['Erased'];

const NOT_SAVED = 'The retention settings could not be saved just now. Please try again.';
const NOT_FOUND = 'We could not look that address up just now. Please try again.';

export async function getRetention(signal?: AbortSignal): Promise<RetentionForm> {
  const { data, error, response } = await api.GET('/api/admin/settings/retention/', { signal });
  if (!data) throw refusal(error, response.status, NOT_SAVED);
  return data;
}

/** Saves the periods, from the `version` the page loaded: refused (409) when someone else saved since. */
export async function saveRetention(form: RetentionForm): Promise<RetentionForm> {
  const { data, error, response } = await api.PUT('/api/admin/settings/retention/', { body: form });
  if (!data) throw refusal(error, response.status, NOT_SAVED);
  return data;
}

export async function findCustomer(email: string): Promise<CustomerSummary> {
  const { data, error, response } = await api.GET('/api/admin/customers/', { params: { query: { email } } });
  if (!data) throw refusal(error, response.status, NOT_FOUND);
  return data;
}

export async function exportCustomer(email: string): Promise<CustomerData> {
  const { data, error, response } = await api.POST('/api/admin/customers/export/', { body: { email } });
  if (!data) throw refusal(error, response.status, 'Her data could not be exported just now. Please try again.');
  return data;
}

export async function eraseCustomer(email: string): Promise<Erased> {
  const { data, error, response } = await api.POST('/api/admin/customers/erase/', { body: { email } });
  if (!data) throw refusal(error, response.status, 'Her data could not be erased just now. Please try again.');
  return data;
}
