/**
 * Password hashing for the password routes: bcrypt cost 10, as Supabase Auth (GoTrue) stores it, so the
 * auth server signs in with a hash made here and the other way round. Pure JS (bcryptjs) because not
 * every Postgres the product runs on has pgcrypto (PGlite does not load it by default).
 */
import bcrypt from 'bcryptjs';

export const PASSWORD_DEFAULTS = { cost: 10, minLength: 6, maxBytes: 72 } as const;

export const hashPassword = (password: string) => bcrypt.hash(password, PASSWORD_DEFAULTS.cost);

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  return await bcrypt.compare(password, hash);
}

/** Supabase's password rules: at least 6 characters, at most 72 bytes (bcrypt ignores the rest). */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_DEFAULTS.minLength) return 'Password must be at least 6 characters long.';
  if (new TextEncoder().encode(password).length > PASSWORD_DEFAULTS.maxBytes)
    return 'Password cannot be longer than 72 characters.';
  return null;
}
