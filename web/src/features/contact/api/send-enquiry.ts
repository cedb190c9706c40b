import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import type { EnquiryForm } from '@/lib/core';
import { FAILED_MESSAGE } from '../enquiry';

export type EnquiryResult =
  | { ok: true }
  /** 400: the server named the fields at fault; 429: too many messages. */
  | { ok: false; message: string; fields: Record<string, string> };

/** POST /api/contact/; only `status: 'success'` counts as sent (the spec's API calls). */
export async function sendEnquiry(form: EnquiryForm, website: string): Promise<EnquiryResult> {
  try {
    const { data, error, response } = await api.POST('/api/contact/', {
      body: {
        name: form.name.trim(),
        email: form.email.trim(),
        phone: form.phone.trim(),
        // Whatever was picked goes as it is: the server names an unknown type as a field at fault.
        enquiryType: form.enquiryType as components['schemas']['ContactRequest']['enquiryType'],
        message: form.message.trim(),
        website,
      },
    });
    if (data?.status === 'success') return { ok: true };
    if (error && (response.status === 400 || response.status === 429)) {
      return { ok: false, message: error.error || FAILED_MESSAGE, fields: response.status === 400 ? { ...error.fields } : {} };
    }
    return { ok: false, message: FAILED_MESSAGE, fields: {} };
  } catch (cause) {
    console.error('The enquiry could not be sent', cause);
    return { ok: false, message: FAILED_MESSAGE, fields: {} };
  }
}
