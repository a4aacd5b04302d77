// Password hashing must not hold the gateway's event loop: the auth server shares its process, and a
// sign-in used to stop every api call passing through for the length of a bcrypt slice (up to 100 ms).
import bcrypt from 'bcryptjs';
import { expect, test } from 'vitest';
import { hashPassword, passwordMatches } from '../src/auth/password.ts';

/** Runs `work` and counts the event loop's turns until it settles. */
async function turnsDuring<T>(work: Promise<T>): Promise<{ value: T; turns: number }> {
  let settled = false;
  const done = work.finally(() => {
    settled = true;
  });
  let turns = 0;
  while (!settled) {
    await new Promise((resolve) => setImmediate(resolve));
    turns++;
  }
  return { value: await done, turns };
}

test('a password is hashed and checked while the event loop keeps turning', async () => {
  // On the loop itself (bcryptjs's own async functions) a cost-10 hash is one to a few turns: each slice
  // computes for up to 100 ms before it yields. Off the loop the loop turns thousands of times meanwhile.
  const hashed = await turnsDuring(hashPassword('correct-horse-42'));
  expect(hashed.turns).toBeGreaterThan(50);
  expect(hashed.value).toMatch(/^\$2[aby]\$10\$/);
  const checked = await turnsDuring(passwordMatches('correct-horse-42', hashed.value));
  expect(checked.value).toBe(true);
  expect(checked.turns).toBeGreaterThan(50);
});

test('the hashes stay bcrypt: interchangeable with bcryptjs (and so with GoTrue) both ways', async () => {
  const ours = await hashPassword('correct-horse-42');
  expect(bcrypt.compareSync('correct-horse-42', ours)).toBe(true);
  const theirs = bcrypt.hashSync('battery-staple-7', 4);
  expect(await passwordMatches('battery-staple-7', theirs)).toBe(true);
  expect(await passwordMatches('battery-staple-8', theirs)).toBe(false);
  // No hash (an unknown address) is never a match, and costs a comparison all the same.
  expect(await passwordMatches('battery-staple-7', null)).toBe(false);
});
