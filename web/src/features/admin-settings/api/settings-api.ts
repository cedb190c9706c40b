// The studio's delivery settings in the back office (admin only): read them, and save them once
// the core finds nothing wrong (each problem is one of its sentences).
import { api, refusal as refused, SignedOut } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

/** The delivery settings as the back office edits them, with the version they were saved at. */
export type AdminDeliverySettings = components['schemas']['AdminDeliverySettings'];

export type OrderOnClosedDay = components['schemas']['OrderOnClosedDay'];
type ClosingDaysWithOrders = components['schemas']['ClosingDaysWithOrders'];

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

/**
 * Not saved: the settings close days that already have orders. Saving again with these
 * orders' ids closes the days anyway.
 */
export class ClosingDaysWithOrdersError extends Error {
  constructor(
    message: string,
    readonly orders: OrderOnClosedDay[],
  ) {
    super(message);
    this.name = 'ClosingDaysWithOrdersError';
  }
}

function refusal(error: unknown, status: number): Error {
  if (status === 409) {
    const closing = error as ClosingDaysWithOrders | undefined;
    // No orders listed: someone else saved the settings since the page loaded them.
    if (closing && closing.orders.length === 0) return new SettingsRefused(closing.error, []);
    return new ClosingDaysWithOrdersError(closing?.error ?? 'Those days already have orders.', closing?.orders ?? []);
  }
  const cause = refused(error, status, 'The settings could not be saved just now. Please try again.');
  return cause instanceof SignedOut ? cause : new SettingsRefused(cause.message, Object.values(cause.fields));
}

export async function getSettings(signal?: AbortSignal): Promise<AdminDeliverySettings> {
  const { data, error, response } = await api.GET('/api/admin/settings/delivery/', { signal });
  if (!data) throw refusal(error, response.status);
  return data;
}

/**
 * Saves the settings, with the `version` they were loaded at (someone else's save since
 * refuses them). `warnedOf`: the ids of the orders on closing days the studio has been shown
 * and closes anyway (any other such order still refuses the save).
 */
export async function saveSettings(settings: AdminDeliverySettings, warnedOf: number[] = []): Promise<AdminDeliverySettings> {
  const query = warnedOf.length > 0 ? { orders_warned_of: warnedOf.join(',') } : {};
  const { data, error, response } = await api.PUT('/api/admin/settings/delivery/', { body: settings, params: { query } });
  if (!data) throw refusal(error, response.status);
  return data;
}
