/**
 * Rate limits (429 with Supabase's codes), the API-key gate, GoTrue's two error shapes, redirect
 * allow-listing and the refusal to run in production.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createApiKeys, createAuthApp } from '../src/auth/index.ts';
import { type AuthServer, startAuthServer, TEST_JWT_SECRET } from './support/auth-harness.ts';
import type { TestDatabase } from './support/databases.ts';

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${counter++}@example.test`;

export function limitsSuite(database: () => TestDatabase): void {
  describe('limits and shapes', () => {
    let db: TestDatabase;
    let auth: AuthServer;

    beforeAll(async () => {
      db = database();
      auth = await startAuthServer(db, {
        config: {
          rateLimits: { emailSent: { limit: 2, windowSeconds: 3600 } },
          emailMaxFrequencySeconds: 60,
          additionalRedirectUrls: ['http://localhost:5173/**'],
        },
      });
    });
    afterAll(async () => {
      await auth?.stop();
    });

    it('requires the API key and answers in both of GoTrue’s error shapes', async () => {
      const missing = await fetch(`${auth.authUrl}/settings`);
      expect(missing.status).toBe(401);
      expect(await missing.json()).toMatchObject({ msg: expect.stringMatching(/No API key/) });

      const keys = await fetch(`${auth.authUrl}/.well-known/jwks.json`);
      expect(await keys.json()).toEqual({ keys: [] });
      const settings = await fetch(`${auth.authUrl}/settings`, { headers: { apikey: auth.anonKey } });
      expect(await settings.json()).toMatchObject({
        external: { email: true, google: false },
        mailer_autoconfirm: true,
      });

      const body = JSON.stringify({ email: 'x@example.test', password: '123' });
      const legacy = await fetch(`${auth.authUrl}/signup`, {
        method: 'POST',
        headers: { apikey: auth.anonKey, 'content-type': 'application/json' },
        body,
      });
      expect(legacy.status).toBe(422);
      expect(await legacy.json()).toEqual({
        code: 422,
        error_code: 'weak_password',
        msg: 'Password should be at least 6 characters.',
        weak_password: { reasons: ['length'] },
      });
      const versioned = await fetch(`${auth.authUrl}/signup`, {
        method: 'POST',
        headers: {
          apikey: auth.anonKey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body,
      });
      expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(await versioned.json()).toMatchObject({
        code: 'weak_password',
        message: 'Password should be at least 6 characters.',
      });

      const badJson = await fetch(`${auth.authUrl}/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: auth.anonKey, 'content-type': 'application/json' },
        body: '{nope',
      });
      expect(badJson.status).toBe(400);
      expect(await badJson.json()).toMatchObject({ error_code: 'bad_json' });
      const unknownGrant = await fetch(`${auth.authUrl}/token?grant_type=magic`, {
        method: 'POST',
        headers: { apikey: auth.anonKey },
      });
      expect(await unknownGrant.json()).toMatchObject({ error_code: 'unsupported_grant_type' });
    });

    it('answers 429 over_request_rate_limit after too many sign-ins from one address', async () => {
      // A server of its own, so the buckets start full whatever ran before.
      const auth = await startAuthServer(db, {
        config: {
          rateLimits: {
            signInSignUps: { limit: 4, windowSeconds: 300 },
            tokenRefresh: { limit: 3, windowSeconds: 300 },
          },
        },
      });
      onTestFinished(() => auth.stop());
      const email = uniqueEmail('limited');
      const first = await auth.client().auth.signUp({ email, password: 'limited-secret' });
      expect(first.error).toBeNull();
      const results = [];
      for (let i = 0; i < 4; i++) {
        results.push(
          (await auth.client().auth.signInWithPassword({ email, password: 'limited-secret' })).error,
        );
      }
      expect(results.slice(0, 3)).toEqual([null, null, null]);
      expect(results[3]).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
      expect(results[3]?.message).toMatch(
        /too many sign-ins and sign-ups from this address, try again in \d+ seconds/,
      );

      // Refreshes have their own bucket.
      const session = first.data.session!;
      let token = session.refresh_token;
      for (let i = 0; i < 3; i++) {
        const refreshed = await auth.client().auth.refreshSession({ refresh_token: token });
        expect(refreshed.error).toBeNull();
        token = refreshed.data.session!.refresh_token;
      }
      const limited = await fetch(`${auth.authUrl}/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: auth.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: token }),
      });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('limits recovery e-mails per user and in total', async () => {
      await db.sql`insert into auth.users (id, email, encrypted_password, email_confirmed_at)
                 values (gen_random_uuid(), 'limit-a@example.test', '', now()), (gen_random_uuid(), 'limit-b@example.test', '', now()),
                        (gen_random_uuid(), 'limit-c@example.test', '', now())`;
      expect((await auth.client().auth.resetPasswordForEmail('limit-a@example.test')).error).toBeNull();
      const tooSoon = await auth.client().auth.resetPasswordForEmail('limit-a@example.test');
      expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
      expect(tooSoon.error?.message).toMatch(/only request this after \d+ seconds/);
      expect((await auth.client().auth.resetPasswordForEmail('limit-b@example.test')).error).toBeNull();
      const overall = await auth.client().auth.resetPasswordForEmail('limit-c@example.test');
      expect(overall.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    });

    it('sends e-mailed links only to allowed redirect targets', async () => {
      await db.sql`insert into auth.users (id, email, encrypted_password, email_confirmed_at)
                 values (gen_random_uuid(), 'redirect-a@example.test', '', now()), (gen_random_uuid(), 'redirect-b@example.test', '', now())`;
      const limiterFree = await startAuthServer(db, {
        config: { additionalRedirectUrls: ['http://localhost:5173/**'] },
      });
      try {
        await limiterFree.client().auth.resetPasswordForEmail('redirect-a@example.test', {
          redirectTo: 'https://evil.example/steal',
        });
        await limiterFree.client().auth.resetPasswordForEmail('redirect-b@example.test', {
          redirectTo: 'http://localhost:5173/reset-password',
        });
        const targets = limiterFree.mails.map((m) =>
          new URL(/https?:\/\/\S+\/verify\?\S+/.exec(m.text)![0]).searchParams.get('redirect_to'),
        );
        expect(targets).toEqual([limiterFree.url, 'http://localhost:5173/reset-password']);
      } finally {
        await limiterFree.stop();
      }
    });

    it('refuses to run with NODE_ENV=production', async () => {
      const keys = await createApiKeys(TEST_JWT_SECRET);
      expect(() =>
        createAuthApp({
          sql: db.sql,
          config: {
            jwtSecret: TEST_JWT_SECRET,
            jwtExpirySeconds: 3600,
            siteUrl: 'http://localhost:3000',
            externalUrl: 'http://localhost:3000/auth/v1',
            ...keys,
            google: null,
            nodeEnv: 'production',
          },
        }),
      ).toThrow(/refuses to run with NODE_ENV=production/);
    });
  });
}
