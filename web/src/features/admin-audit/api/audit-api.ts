// The record of who did what (admin only, read-only): a page of it, of one kind or all.
import { api, refusal } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type AuditPage = components['schemas']['AuditPage'];
export type AuditEntry = components['schemas']['AuditEntry'];

const FALLBACK = 'The record could not be fetched just now. Please try again.';

/** Page `page` (from 1, newest first) of the entries of `kind`, or of every kind when it is empty. */
export async function listAudit(kind: string, page: number, signal?: AbortSignal): Promise<AuditPage> {
  const query = kind ? { kind, page } : { page };
  const { data, error, response } = await api.GET('/api/admin/audit/', { params: { query }, signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}
