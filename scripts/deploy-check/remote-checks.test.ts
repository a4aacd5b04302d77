import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { remoteChecks } from './remote-checks.ts';

// A stand-in for the Supabase Management API (GET /v1/projects/{ref}/config/auth, /secrets,
// /storage/buckets) holding one well-configured and one half-configured project.
const projects: Record<string, { auth: object; secrets: { name: string }[]; buckets: object[] }> = {
  good: {
    auth: {
      site_url: 'https://lift3d.example',
      smtp_host: 'smtp.example',
      mailer_secure_email_change_enabled: true,
      password_hibp_enabled: true,
      password_min_length: 8,
      security_update_password_require_current_password: true,
      hook_custom_access_token_enabled: true,
      external_google_enabled: true,
      external_google_client_id: 'google-client',
    },
    secrets: [
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
    ].map((name) => ({ name })),
    buckets: [{ name: 'lift3d', public: false }],
  },
  half: {
    auth: {
      site_url: 'http://localhost:3000',
      mailer_secure_email_change_enabled: false,
      password_min_length: 4,
    },
    secrets: [{ name: 'SITE_URL' }],
    buckets: [{ name: 'lift3d', public: true }],
  },
};

let server: Server;
let base: string;
const seenTokens: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seenTokens.push(String(req.headers.authorization));
    const match = /^\/v1\/projects\/([^/]+)(\/.*)$/.exec(req.url ?? '');
    const project = match ? projects[match[1] as string] : undefined;
    const body =
      project &&
      { '/config/auth': project.auth, '/secrets': project.secrets, '/storage/buckets': project.buckets }[
        match![2] as string
      ];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { message: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('deploy:check (hosted project)', () => {
  test('a complete project passes, and the token is sent', async () => {
    const findings = await remoteChecks({ projectRef: 'good', accessToken: 'tok', apiBase: base });
    expect(findings.filter((f) => !f.ok)).toEqual([]);
    expect(seenTokens.at(-1)).toBe('Bearer tok');
  });

  test('a half-configured project lists what is missing, unreported settings included', async () => {
    const findings = await remoteChecks({ projectRef: 'half', accessToken: 'tok', apiBase: base });
    const missing = findings.filter((f) => !f.ok).map((f) => f.item);
    expect(missing).toContain('Auth site URL is the public https site (http://localhost:3000)');
    expect(missing).toContain('secure e-mail change (both addresses confirm)');
    expect(missing).toContain('custom SMTP for auth mail: not reported by the API');
    expect(missing).toContain('function secret PAYPAL_WEBHOOK_ID');
    expect(missing).toContain('minimum password length of at least 6');
    expect(missing).toContain('password changes need the current password: not reported by the API');
    expect(missing).toContain('storage bucket lift3d is private');
    expect(missing).not.toContain('function secret SITE_URL');
  });

  test('an unknown project is an error, not a pass', async () => {
    await expect(remoteChecks({ projectRef: 'nope', accessToken: 'tok', apiBase: base })).rejects.toThrow(
      /404/,
    );
  });
});
