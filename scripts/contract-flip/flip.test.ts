// One field of one contract schema, flipped, is a type error in the SPA that uses it (the api's half runs
// `deno check`, minutes on a busy machine: `npx tsx scripts/contract-flip/main.ts api`). Building the SPA's program
// takes seconds on a quiet machine and minutes on a loaded one, hence the generous timeouts.
import { describe, expect, test } from 'vitest';
import { ContractFlipError, checkSpa } from './flip.ts';

describe('contract flip', () => {
  test('Generation.progress as a string fails the SPA type check outside the contract', () => {
    const result = checkSpa();
    expect(result.firstError).toMatch(/^src\/.+\(\d+\): .*string/);
  }, 600_000);

  test('the unflipped contract type-checks (the flip, not the tree, makes the error)', () => {
    const result = checkSpa({ to: '  progress: z.number(),' });
    expect(result.firstError).toBeNull();
  }, 600_000);

  test('a flip whose line is gone is refused, not passed', () => {
    expect(() => checkSpa({ from: '  progress: z.bigint(),' })).toThrow(ContractFlipError);
  });
});
