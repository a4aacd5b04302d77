/**
 * The deploy checklist's checks that need only the repository: licence, templates, ignored secrets,
 * a config.toml that `supabase config push` can send to production, valid migration names.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Finding {
  ok: boolean;
  item: string;
  /** What to do when not ok. */
  fix?: string;
}

const read = (root: string, path: string) =>
  existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : null;

/** `key = "value"` inside `[section]` of a TOML file (enough for config.toml's flat auth keys). */
export function tomlValue(toml: string, section: string, key: string): string | null {
  let current = '';
  for (const raw of toml.split('\n')) {
    const line = raw.trim();
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      current = header[1] as string;
      continue;
    }
    if (current !== section || line.startsWith('#')) continue;
    const match = new RegExp(`^${key}\\s*=\\s*(.+)$`).exec(line);
    if (match) return (match[1] as string).trim().replace(/^"(.*)"$/, '$1');
  }
  return null;
}

const LOCAL_HOST = /localhost|127\.0\.0\.1|0\.0\.0\.0/;

export function localChecks(root: string): Finding[] {
  const findings: Finding[] = [];
  const check = (ok: boolean, item: string, fix: string) =>
    findings.push(ok ? { ok, item } : { ok, item, fix });

  const licence = read(root, 'LICENSE') ?? '';
  check(
    licence.includes('GNU AFFERO GENERAL PUBLIC LICENSE') && licence.includes('TERMS AND CONDITIONS'),
    'LICENSE holds the full AGPL-3.0 text',
    'append the official AGPL-3.0 text below the copyright header',
  );
  const envExample = read(root, '.env.example') ?? '';
  for (const name of ['SITE_URL', 'DATABASE_URL', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'PAYPAL_WEBHOOK_ID']) {
    check(envExample.includes(`${name}=`), `.env.example names ${name}`, `add ${name}= to .env.example`);
  }
  const ignore = read(root, 'supabase/.gitignore') ?? '';
  check(
    /^\.env/m.test(ignore) && /^\.temp/m.test(ignore),
    'supabase/.gitignore keeps .env and .temp out of git',
    'create supabase/.gitignore with .branches, .temp, .env and .env.*',
  );
  check(
    existsSync(join(root, 'public/config.example.json')),
    'a config.json template ships (public/config.example.json)',
    'add public/config.example.json with supabaseUrl, supabaseAnonKey, apiUrl, googleEnabled, payments, paypalClientId',
  );

  const toml = read(root, 'supabase/config.toml') ?? '';
  const siteUrl = tomlValue(toml, 'auth', 'site_url') ?? '';
  check(
    siteUrl !== '' && !LOCAL_HOST.test(siteUrl),
    `config.toml auth.site_url is not a local address (${siteUrl || 'missing'})`,
    'set site_url = "env(SITE_URL)" so `supabase config push` sends the production URL',
  );
  const redirects = tomlValue(toml, 'auth', 'additional_redirect_urls') ?? '';
  check(
    !LOCAL_HOST.test(redirects),
    'config.toml redirect URLs hold no local address',
    'keep localhost redirect URLs out of the pushed config',
  );
  check(
    tomlValue(toml, 'auth.email', 'double_confirm_changes') === 'true',
    'e-mail changes need both addresses (double_confirm_changes)',
    'set [auth.email] double_confirm_changes = true',
  );
  check(
    tomlValue(toml, 'auth.email', 'require_current_password') === 'true',
    'password changes need the current password (require_current_password)',
    'set [auth.email] require_current_password = true',
  );
  check(
    tomlValue(toml, 'auth.hook.custom_access_token', 'enabled') === 'true',
    'the custom access token hook is declared',
    'enable [auth.hook.custom_access_token] with pg-functions://postgres/public/custom_access_token_hook',
  );

  const migrationsDir = join(root, 'supabase/migrations');
  const names = existsSync(migrationsDir) ? readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')) : [];
  // The CLI orders and records migrations by the leading digits (schema_migrations.version): they must
  // be 14 digits, unique, and the rest a plain name, or `db push` skips or rejects the file.
  const bad = names.filter((name) => !/^\d{14}_[a-z0-9_]+\.sql$/.test(name));
  const stamps = names.map((n) => n.slice(0, 14));
  const duplicates = stamps.filter((s, i) => stamps.indexOf(s) !== i);
  check(
    names.length > 0 && bad.length === 0 && duplicates.length === 0,
    `migration names are valid, unique timestamps (${names.length} files)`,
    `rename ${[...bad, ...duplicates].join(', ')} to YYYYMMDDHHMMSS_name.sql with a real, unique time`,
  );
  return findings;
}
