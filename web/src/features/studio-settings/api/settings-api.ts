// The studio's delivery settings in the back office (admin only): read them, and save them once
// the core finds nothing wrong (each problem is one of its sentences).
import { api, errorMessage, type DeliverySettings, type ErrorBody } from '@/lib/api-client';

/** The session ended (401): the page goes to the sign-in. */
export class SettingsSignedOut extends Error {
  constructor() {
    super('The admin session has ended');
    this.name = 'SettingsSignedOut';
  }
}

/** The settings were not saved: the server's sentence and every problem core found. */
export class SettingsRefused extends Error {
  constructor(
    message: string,
    readonly problems: string[],
  ) {
    super(message);
    this.name = 'SettingsRefused';
  }
}

function refusal(error: unknown, status: number): Error {
  if (status === 401) return new SettingsSignedOut();
  const body = error as ErrorBody | undefined;
  return new SettingsRefused(errorMessage(body, 'The settings could not be saved just now. Please try again.'), Object.values(body?.fields ?? {}));
}

export async function getSettings(signal?: AbortSignal): Promise<DeliverySettings> {
  const { data, error, response } = await api.GET('/api/admin/settings/delivery/', { signal });
  if (!data) throw refusal(error, response.status);
  return data;
}

export async function saveSettings(settings: DeliverySettings): Promise<DeliverySettings> {
  const { data, error, response } = await api.PUT('/api/admin/settings/delivery/', { body: settings });
  if (!data) throw refusal(error, response.status);
  return data;
}
