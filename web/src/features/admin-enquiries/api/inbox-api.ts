// The studio's inbox calls (admin only): the enquiries, opening one, replying and its status.
import { api, refusal } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type Enquiry = components['schemas']['EnquiryView'];
/** core's list, through the API description. */
export type EnquiryStatus = components['schemas']['EnquiryStatus'];

const FALLBACK = 'The inbox could not do that just now. Please try again.';

/** The latest enquiries, newest first, each with its replies. */
export async function listEnquiries(signal?: AbortSignal): Promise<Enquiry[]> {
  const { data, error, response } = await api.GET('/api/admin/enquiries/', { signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Marks it read, as opening it does. */
export async function markRead(id: number): Promise<Enquiry> {
  const { data, error, response } = await api.POST('/api/admin/enquiries/{id}/read/', { params: { path: { id } } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** A reply as the florist wrote it and saw it previewed: the mail is these three, then the enquiry quoted. */
export type ReplyDraft = components['schemas']['EnquiryReply'];

/** Mails a reply (answers come back to the studio) and marks it answered. */
export async function sendReply(id: number, reply: ReplyDraft): Promise<Enquiry> {
  const { data, error, response } = await api.POST('/api/admin/enquiries/{id}/reply/', { params: { path: { id } }, body: reply });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Moves it to new, answered or closed. */
export async function setStatus(id: number, status: EnquiryStatus): Promise<Enquiry> {
  const { data, error, response } = await api.POST('/api/admin/enquiries/{id}/status/', { params: { path: { id } }, body: { status } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}
