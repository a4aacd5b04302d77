/**
 * Password hashing (bcrypt, cost 10 like GoTrue; bcryptjs hashes are interchangeable with Go's) and
 * Supabase's password rules: at least `minimumPasswordLength` characters, at most 72 bytes (bcrypt's limit).
 */
import bcrypt from 'bcryptjs';
import { bcryptCompare, bcryptHash } from './bcrypt-thread.ts';
import { isCommonPassword } from './common-passwords.ts';
import { AuthHttpError } from './errors.ts';

const COST = 10;

export interface PasswordPolicy {
  minimumLength: number;
  /** Refuse common and breached passwords (GoTrue's `weak_password` with reason `pwned`). */
  rejectCommon: boolean;
}

export function checkPassword(password: string, policy: PasswordPolicy): void {
  const minimumLength = policy.minimumLength;
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
  if (policy.rejectCommon && isCommonPassword(password)) {
    throw new AuthHttpError(
      422,
      'weak_password',
      'Password is known to be weak and easy to guess, please choose a different one.',
      { extra: { weak_password: { reasons: ['pwned'] } } },
    );
  }
}

// On threads of their own (bcrypt-thread.ts): the gateway's requests never wait for a hash.
export const hashPassword = (password: string) => bcryptHash(password, COST);

// Compared against when there is no hash, so an unknown e-mail takes as long as a wrong password.
const DUMMY_HASH = bcrypt.hashSync('lift3d-no-such-password', COST);

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) {
    await bcryptCompare(password, DUMMY_HASH);
    return false;
  }
  return bcryptCompare(password, hash);
}

/** What sign-up and a user's own password change must meet (the admin API skips the common list, as GoTrue's). */
export function userPasswordPolicy(config: {
  minimumPasswordLength: number;
  rejectCommonPasswords: boolean;
}): PasswordPolicy {
  return { minimumLength: config.minimumPasswordLength, rejectCommon: config.rejectCommonPasswords };
}
