/**
 * The admin list's user shape (SPEC §3 "User"): id, name, email, credits (default 0), is_admin, created_at,
 * updated_at, accepting snake_case or camelCase and defaulting dates to now.
 */
export interface AdminUser {
  id: string;
  name: string;
  email: string;
  credits: number;
  is_admin: boolean;
  created_at: string;
  updated_at: string;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function normaliseAdminUser(
  raw: Record<string, unknown>,
  now: () => Date = () => new Date(),
): AdminUser {
  const credits = Number(raw.credits);
  return {
    id: String(raw.id ?? ''),
    name: typeof raw.name === 'string' ? raw.name : '',
    email: typeof raw.email === 'string' ? raw.email : '',
    credits: Number.isFinite(credits) ? credits : 0,
    is_admin: raw.is_admin === true || raw.isAdmin === true,
    created_at: str(raw.created_at) ?? str(raw.createdAt) ?? now().toISOString(),
    updated_at: str(raw.updated_at) ?? str(raw.updatedAt) ?? now().toISOString(),
  };
}

/** Credits typed in the edit dialog: an integer; anything that is not a number becomes 0 (SPEC §5). */
export function parseCredits(input: string): number {
  const n = Number.parseInt(input, 10);
  return Number.isFinite(n) ? n : 0;
}
