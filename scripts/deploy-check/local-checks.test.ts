import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { localChecks, tomlValue } from './local-checks.ts';

const root = join(import.meta.dirname, '../..');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A copy of the files the checks read, to break one at a time. */
function copyOfRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-check-'));
  dirs.push(dir);
  for (const path of [
    'LICENSE',
    '.env.example',
    'supabase/.gitignore',
    'supabase/config.toml',
    'supabase/migrations',
    'public/config.example.json',
  ])
    cpSync(join(root, path), join(dir, path), { recursive: true });
  return dir;
}

const missing = (dir: string) =>
  localChecks(dir)
    .filter((f) => !f.ok)
    .map((f) => f.item);

describe('deploy:check (repository)', () => {
  test('this repository passes every local check', () => {
    expect(missing(root)).toEqual([]);
  });

  test('a localhost site URL, a short licence and a bad migration name are reported', () => {
    const dir = copyOfRepo();
    const toml = join(dir, 'supabase/config.toml');
    writeFileSync(
      toml,
      readFileSync(toml, 'utf8').replace('site_url = "env(SITE_URL)"', 'site_url = "http://localhost:3000"'),
    );
    writeFileSync(
      join(dir, 'LICENSE'),
      'Lift3D\nAGPL-3.0-only, see https://www.gnu.org/licenses/agpl-3.0.txt\n',
    );
    writeFileSync(join(dir, 'supabase/migrations/2026_bad name.sql'), 'select 1;');
    const items = missing(dir);
    expect(items).toContain('LICENSE holds the full AGPL-3.0 text');
    expect(items.some((i) => i.startsWith('config.toml auth.site_url is not a local address'))).toBe(true);
    expect(items.some((i) => i.startsWith('migration names are valid'))).toBe(true);
    expect(items).toHaveLength(3);
  });

  test('reads flat TOML keys per section, ignoring comments', () => {
    const toml =
      '[auth]\n# site_url = "x"\nsite_url = "env(SITE_URL)"\n[auth.email]\ndouble_confirm_changes = true\n';
    expect(tomlValue(toml, 'auth', 'site_url')).toBe('env(SITE_URL)');
    expect(tomlValue(toml, 'auth.email', 'double_confirm_changes')).toBe('true');
    expect(tomlValue(toml, 'auth', 'double_confirm_changes')).toBeNull();
  });
});
