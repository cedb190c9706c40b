// Mail the outbox could not send (admin only): the list, and sending one again.
import { api, refusal } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type UnsentLetter = components['schemas']['UnsentLetter'];

const FALLBACK = 'The mail could not be fetched just now. Please try again.';

/** Letters not sent that failed at least once, newest first. */
export async function listUnsentMail(signal?: AbortSignal): Promise<UnsentLetter[]> {
  const { data, error, response } = await api.GET('/api/admin/mail/', { signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Queues a letter at once, its tries afresh: the letters still unsent. */
export async function sendAgain(id: number): Promise<UnsentLetter[]> {
  const { data, error, response } = await api.POST('/api/admin/mail/{id}/send-again/', { params: { path: { id } } });
  if (!data) throw refusal(error, response.status, 'That letter could not be sent again just now. Please try again.');
  return data;
}
