/** The CSRF cookie every test starts with, as the server would have set it on the first GET. */
export const TEST_CSRF_TOKEN = 'test-csrf-token';

export function setCookie(name: string, value: string) {
  document.cookie = `${name}=${value}; path=/`;
}

export function clearCookie(name: string) {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
