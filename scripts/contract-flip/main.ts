/**
 * `npx tsx scripts/contract-flip/main.ts [spa|api ...]`: flips Generation.progress in memory and shows the
 * first type error it causes in each package that uses the schema; exits 1 when a package still
 * type-checks (the contract would not be the one declaration it claims to be).
 */
import { checkApi, checkSpa, type PackageResult } from './flip.ts';

const CHECKS: Record<string, () => PackageResult> = { spa: checkSpa, api: checkApi };
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(CHECKS);
let failed = false;
for (const name of chosen) {
  const check = CHECKS[name];
  if (!check) throw new Error(`unknown package ${name}: use ${Object.keys(CHECKS).join(', ')}`);
  const result = check();
  console.log(`${result.package}: ${result.firstError ?? 'STILL TYPE-CHECKS'}`);
  if (!result.firstError) failed = true;
}
process.exit(failed ? 1 : 0);
