/**
 * Password hashing (bcrypt, cost 10 like GoTrue; bcryptjs hashes are interchangeable with Go's) and
 * Supabase's password rules: at least `minimumPasswordLength` characters, at most 72 bytes (bcrypt's limit).
 */
import bcrypt from 'bcryptjs';
import { AuthHttpError } from './errors.ts';

const COST = 10;

export function checkPassword(password: string, minimumLength: number): void {
  if (password.length < minimumLength) {
    throw new AuthHttpError(
      422,
      'weak_password',
      `Password should be at least ${minimumLength} characters.`,
      {
        extra: { weak_password: { reasons: ['length'] } },
      },
    );
  }
  if (Buffer.byteLength(password, 'utf8') > 72) {
    throw new AuthHttpError(422, 'validation_failed', 'Password cannot be longer than 72 characters');
  }
}

export const hashPassword = (password: string) => bcrypt.hash(password, COST);

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  return bcrypt.compare(password, hash);
}
