import { api, errorMessage, type ErrorBody } from '@/lib/api-client';

export interface WaitingListForm {
  name: string;
  email: string;
  seats: number;
}

export const WAITING_LIST_FAILED = 'We couldn’t add you to the waiting list just now. Please check your connection and try again.';

/** POST /api/workshops/{slug}/waiting-list/: the server's thanks, or its sentence with the fields at fault. */
export async function joinWaitingList(
  slug: string,
  form: WaitingListForm,
): Promise<{ ok: true; message: string } | { ok: false; status: number; message: string; fields: Record<string, string> }> {
  try {
    const { data, error, response } = await api.POST('/api/workshops/{slug}/waiting-list/', {
      params: { path: { slug } },
      body: { name: form.name.trim(), email: form.email.trim(), seats: form.seats },
    });
    if (data) return { ok: true, message: data.message };
    return { ok: false, status: response.status, message: errorMessage(error, WAITING_LIST_FAILED), fields: (error as ErrorBody | undefined)?.fields ?? {} };
  } catch (cause) {
    console.error('Joining the waiting list failed', cause);
    return { ok: false, status: 0, message: WAITING_LIST_FAILED, fields: {} };
  }
}
