// The record of who did what (admin only, read-only): a page of it, of one kind or all.
import { api, refusal } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type AuditPage = components['schemas']['AuditPage'];
export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditKind = components['schemas']['AuditKind'];
export type AuditKindOption = components['schemas']['AuditKindOption'];

const FALLBACK = 'The record could not be fetched just now. Please try again.';

/** Page `page` (from 1, newest first) of the entries of `kind`, or of every kind when it is null. */
export async function listAudit(kind: AuditKind | null, page: number, signal?: AbortSignal): Promise<AuditPage> {
  const query = kind ? { kind, page } : { page };
  const { data, error, response } = await api.GET('/api/admin/audit/', { params: { query }, signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}
