// The studio's admins (admin only): the list, adding, disabling, enabling and removing one,
// changing one's own password and signing out every session of one's account.
import { api, refusal } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type AdminAccount = components['schemas']['AdminView'];

export async function listAdmins(signal?: AbortSignal): Promise<AdminAccount[]> {
  const { data, error, response } = await api.GET('/api/admin/admins/', { signal });
  if (!data) throw refusal(error, response.status, 'The admins could not be fetched just now.');
  return data;
}

/** Adds an admin once the asking admin's own password is given again; answers the list with them in it. */
export async function addAdmin(username: string, password: string, currentPassword: string): Promise<AdminAccount[]> {
  const { data, error, response } = await api.POST('/api/admin/admins/', {
    body: { username, password, current_password: currentPassword },
  });
  if (!data) throw refusal(error, response.status, 'The admin could not be added just now. Please try again.');
  return data;
}

export type AdminChange = 'disable' | 'enable' | 'remove';

/** Disables, enables or removes an admin; answers the list as it then is. */
export async function changeAdmin(id: number, change: AdminChange): Promise<AdminAccount[]> {
  const params = { path: { id } };
  const sorry = 'That could not be done just now. Please try again.';
  const { data, error, response } =
    change === 'remove'
      ? await api.DELETE('/api/admin/admins/{id}/', { params })
      : change === 'disable'
        ? await api.POST('/api/admin/admins/{id}/disable/', { params })
        : await api.POST('/api/admin/admins/{id}/enable/', { params });
  if (!data) throw refusal(error, response.status, sorry);
  return data;
}

/** Changes the signed-in admin's password; answers the sentence to show. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<string> {
  const { data, error, response } = await api.POST('/api/admin/account/password/', {
    body: { current_password: currentPassword, new_password: newPassword },
  });
  if (!data) throw refusal(error, response.status, 'The password could not be changed just now. Please try again.');
  return data.message;
}

/** Ends every session of the signed-in admin's account, this one too. */
export async function signOutEverywhere(): Promise<void> {
  const { data, error, response } = await api.POST('/api/admin/account/sign-out-everywhere/');
  if (!data) throw refusal(error, response.status, 'We could not sign you out just now. Please try again.');
}
