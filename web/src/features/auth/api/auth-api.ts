import { api, errorMessage, type Me } from '@/lib/api-client';

export const VISITOR: Me = { is_admin: false, username: null };

/** GET /api/auth/me/: who is signed in (a visitor when the answer is not one). */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  const { data, error } = await api.GET('/api/auth/me/', { signal });
  if (error || !data) throw new Error('Could not ask who is signed in');
  return data;
}

export type LoginResult =
  | { ok: true; me: Me }
  | {
      ok: false;
      message: string;
      fields?: Record<string, string>;
      /** True when the password was checked and found wrong (401); a 429 never checks it. */
      wrongPassword?: boolean;
    };

export const LOGIN_FAILED = 'We could not sign you in just now. Please check your connection and try again.';

/** POST /api/auth/login/: the session on success, or the server's sentence (401, 429, 400). */
export async function login(username: string, password: string): Promise<LoginResult> {
  try {
    const { data, error, response } = await api.POST('/api/auth/login/', { body: { username, password } });
    if (data && !error) return { ok: true, me: data };
    return { ok: false, message: error?.error || LOGIN_FAILED, fields: error?.fields, wrongPassword: response.status === 401 };
  } catch {
    return { ok: false, message: LOGIN_FAILED };
  }
}

/** POST /api/auth/logout/: the session ends. */
export async function logout(): Promise<void> {
  const { error } = await api.POST('/api/auth/logout/');
  if (error) throw new Error(errorMessage(error, 'Could not sign out'));
}
