// Tokens as hosted Supabase signs them: ES256 keys published in the project's JWKS, rotated by adding a
// new key and dropping the old one; `iss` and `aud` checked. A local JWKS server plays the project.
import assert from 'node:assert/strict';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { createVerifier } from '../core/auth.ts';
import { test } from './support.ts';

const ISSUER = 'https://abcd.supabase.co/auth/v1';

async function newKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  return { kid, privateKey, jwk };
}

type Key = Awaited<ReturnType<typeof newKey>>;

function sign(key: Key, claims: Record<string, unknown> = {}, iss = ISSUER) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'authenticated', aud: 'authenticated', ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(iss)
    .setSubject(crypto.randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(key.privateKey);
}

/** Serves `{keys}` at /auth/v1/.well-known/jwks.json; `published` can change between requests. */
function jwksServer(published: { keys: JWK[] }) {
  let fetches = 0;
  const server = Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: () => {} }, (req) => {
    if (new URL(req.url).pathname !== '/auth/v1/.well-known/jwks.json')
      return new Response('no', { status: 404 });
    fetches++;
    return Response.json(published);
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/auth/v1/.well-known/jwks.json`,
    fetches: () => fetches,
    stop: () => server.shutdown(),
  };
}

test('jwks: ES256 tokens verify against the published key set and survive a key rotation', async () => {
  const first = await newKey('key-1');
  const second = await newKey('key-2');
  const published = { keys: [first.jwk] };
  const jwks = jwksServer(published);
  try {
    const verify = createVerifier(
      { jwtSecret: null, jwksUrl: jwks.url, jwtIssuer: ISSUER, jwtAudience: 'authenticated' },
      { jwksCooldownSeconds: 0 },
    );
    const claims = await verify(await sign(first));
    assert.equal(claims.iss, ISSUER);
    // Rotation: the project publishes the new key and retires the old one.
    published.keys = [second.jwk];
    const fetchesBefore = jwks.fetches();
    const rotated = await verify(await sign(second));
    assert.equal(rotated.role, 'authenticated');
    assert.ok(jwks.fetches() > fetchesBefore, 'an unknown key id made the verifier fetch the set again');
    // The retired key no longer verifies anything.
    await assert.rejects(verify(await sign(first)));
  } finally {
    await jwks.stop();
  }
});

test('jwks: wrong issuer, wrong audience, an unpublished key and HS256 downgrades are refused', async () => {
  const key = await newKey('key-a');
  const stranger = await newKey('key-a'); // same kid, other key: the signature must not verify
  const jwks = jwksServer({ keys: [key.jwk] });
  try {
    const verify = createVerifier(
      { jwtSecret: null, jwksUrl: jwks.url, jwtIssuer: ISSUER, jwtAudience: 'authenticated' },
      { jwksCooldownSeconds: 0 },
    );
    await assert.rejects(verify(await sign(key, {}, 'https://other.supabase.co/auth/v1')), /iss/);
    await assert.rejects(verify(await sign(key, { aud: 'somebody-else' })), /aud/);
    await assert.rejects(verify(await sign(stranger)));
    const hs = await new SignJWT({ role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', kid: 'key-a' })
      .setIssuer(ISSUER)
      .setSubject(crypto.randomUUID())
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a-guessable-shared-secret-of-32-chars!!'));
    await assert.rejects(verify(hs));
    // The right token still passes, so the refusals above are about the claims, not the setup.
    assert.equal((await verify(await sign(key))).aud, 'authenticated');
  } finally {
    await jwks.stop();
  }
});
