/**
 * Whether the visitor is the studio's admin, which shows 'Manage Gallery' in the bar.
 * The flag starts false (spec §2); the admin issue sets it from GET /api/auth/me.
 */
export function useAdminFlag(): boolean {
  return false;
}
