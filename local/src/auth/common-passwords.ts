/**
 * The shipped list of common and breached passwords: the 49k most frequent passwords of public breach
 * corpora as packaged (MIT) by zxcvbn-ts. Hosted Supabase checks Have I Been Pwned instead; this list
 * keeps the local stack's refusals the same for the passwords people actually try first.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let cached: Set<string> | null = null;

function commonPasswords(): Set<string> {
  if (!cached) {
    const { dictionary } = require('@zxcvbn-ts/language-common') as {
      dictionary: Record<string, string[]>;
    };
    const list = dictionary['passwords-common'];
    if (!list?.length)
      throw new Error('auth: the common-password list is missing from @zxcvbn-ts/language-common');
    cached = new Set(list.map((p) => p.toLowerCase()));
  }
  return cached;
}

/** True for a listed password, ignoring case and surrounding spaces ("Password1" is as weak as "password1"). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}
