/**
 * The deploy checklist's checks against a hosted project, through the Supabase Management API
 * (SUPABASE_ACCESS_TOKEN and the project ref): auth settings, function secrets, storage buckets.
 * Settings the API does not report are listed as "not reported" rather than guessed.
 *
 * notes: the paths and field names were checked against Supabase's Management API reference
 * ("Gets project's auth config", GET /v1/projects/{ref}/config/auth) and the response schemas the
 * Supabase CLI 3.1.0 carries (auth config: site_url, smtp_host, mailer_secure_email_change_enabled,
 * password_hibp_enabled, password_min_length, security_update_password_require_current_password,
 * hook_custom_access_token_enabled, external_google_enabled,
 * external_google_client_id; SecretResponse: name; V1StorageBucketResponse: id, name, public).
 */
import type { Finding } from './local-checks.ts';

export interface RemoteOptions {
  projectRef: string;
  accessToken: string;
  /** Management API base (tests point it at a local stand-in). */
  apiBase?: string;
  fetch?: typeof fetch;
}

type Json = Record<string, unknown>;

const REQUIRED_SECRETS = [
  'SITE_URL',
  'DATABASE_URL',
  'STORAGE',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'URL_SIGNING_SECRET',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_ENV',
  'PAYPAL_WEBHOOK_ID',
];

export async function remoteChecks(options: RemoteOptions): Promise<Finding[]> {
  const base = (options.apiBase ?? 'https://api.supabase.com').replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const get = async <T>(path: string): Promise<T> => {
    const res = await doFetch(`${base}/v1/projects/${options.projectRef}${path}`, {
      headers: { Authorization: `Bearer ${options.accessToken}` },
    });
    if (!res.ok) throw new Error(`Management API ${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  };
  const findings: Finding[] = [];
  const check = (ok: boolean, item: string, fix: string) =>
    findings.push(ok ? { ok, item } : { ok, item, fix });
  const reported = (auth: Json, key: string, item: string, want: (v: unknown) => boolean, fix: string) => {
    if (!(key in auth)) findings.push({ ok: false, item: `${item}: not reported by the API`, fix });
    else check(want(auth[key]), item, fix);
  };

  const auth = await get<Json>('/config/auth');
  const site = String(auth.site_url ?? '');
  check(
    site.startsWith('https://') && !/localhost|127\.0\.0\.1/.test(site),
    `Auth site URL is the public https site (${site || 'unset'})`,
    'Authentication → URL Configuration: set the Site URL to the SPA origin',
  );
  reported(
    auth,
    'smtp_host',
    'custom SMTP for auth mail',
    (v) => Boolean(v),
    'Authentication → SMTP: set a custom SMTP server',
  );
  reported(
    auth,
    'mailer_secure_email_change_enabled',
    'secure e-mail change (both addresses confirm)',
    (v) => v === true,
    'Authentication → Email: enable Secure email change',
  );
  reported(
    auth,
    'password_hibp_enabled',
    'leaked-password protection',
    (v) => v === true,
    'Authentication → Passwords: enable leaked password protection (Pro plan)',
  );
  reported(
    auth,
    'password_min_length',
    'minimum password length of at least 6',
    (v) => Number(v) >= 6,
    'Authentication → Passwords: set the minimum length to 6 or more',
  );
  reported(
    auth,
    'security_update_password_require_current_password',
    'password changes need the current password',
    (v) => v === true,
    'Authentication → Passwords: require the current password when updating',
  );
  reported(
    auth,
    'hook_custom_access_token_enabled',
    'custom access token hook enabled',
    (v) => v === true,
    'Authentication → Hooks: enable public.custom_access_token_hook',
  );
  if (auth.external_google_enabled === true) {
    check(
      Boolean(auth.external_google_client_id),
      'Google sign-in has a client id (callback: https://<ref>.supabase.co/auth/v1/callback)',
      'set the Google client id and secret; register the callback URL at Google',
    );
  }

  const secrets = await get<{ name: string }[]>('/secrets');
  const names = new Set(secrets.map((s) => s.name));
  for (const name of REQUIRED_SECRETS) {
    check(names.has(name), `function secret ${name}`, `npx supabase secrets set ${name}=…`);
  }

  const buckets = await get<{ name: string; public?: boolean }[]>('/storage/buckets').catch(() => null);
  if (buckets === null)
    findings.push({
      ok: false,
      item: 'storage buckets: not reported by the API',
      fix: 'check Storage in the dashboard',
    });
  else {
    const bucket = buckets.find((b) => b.name === 'lift3d');
    check(
      Boolean(bucket),
      'storage bucket lift3d exists',
      'Storage: create the bucket lift3d (private) and S3 access keys',
    );
    if (bucket) check(bucket.public !== true, 'storage bucket lift3d is private', 'make the bucket private');
  }
  return findings;
}
