/**
 * `npm run deploy:check`: what a Supabase deployment still lacks. Always checks the repository; with
 * SUPABASE_ACCESS_TOKEN and SUPABASE_PROJECT_REF (or supabase/.temp/project-ref from `supabase link`)
 * also the hosted project's auth settings, function secrets and storage. Exits 1 when anything is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Finding, localChecks } from './deploy-check/local-checks.ts';
import { remoteChecks } from './deploy-check/remote-checks.ts';

const root = join(import.meta.dirname, '..');
const refFile = join(root, 'supabase/.temp/project-ref');
const projectRef =
  process.env.SUPABASE_PROJECT_REF ?? (existsSync(refFile) ? readFileSync(refFile, 'utf8').trim() : '');
const accessToken = process.env.SUPABASE_ACCESS_TOKEN ?? '';

const print = (title: string, findings: Finding[]) => {
  console.log(`\n${title}`);
  for (const f of findings)
    console.log(`  ${f.ok ? 'ok     ' : 'MISSING'} ${f.item}${f.ok ? '' : `\n          → ${f.fix}`}`);
};

const local = localChecks(root);
print('Repository', local);
let remote: Finding[] = [];
if (projectRef && accessToken) {
  remote = await remoteChecks({ projectRef, accessToken, apiBase: process.env.SUPABASE_API_BASE });
  print(`Project ${projectRef}`, remote);
} else {
  console.log(
    '\nProject: skipped (set SUPABASE_ACCESS_TOKEN and SUPABASE_PROJECT_REF, or run `npx supabase link`).',
  );
}
const missing = [...local, ...remote].filter((f) => !f.ok).length;
console.log(missing ? `\n${missing} item(s) missing.` : '\nEverything checked is in place.');
process.exitCode = missing ? 1 : 0;
