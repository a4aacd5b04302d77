/**
 * The project's API keys, made like Supabase's legacy keys: HS256 JWTs signed with the JWT secret whose
 * `role` claim is `anon` or `service_role`. Fixed `iat`/`exp`, so one secret always yields the same keys
 * (a restarted stack keeps working with an already-loaded SPA).
 */
import { SignJWT } from 'jose';

const ISSUED_AT = 1_767_225_600; // 2026-01-01T00:00:00Z
const TEN_YEARS = 10 * 365 * 24 * 3600;

export interface ApiKeys {
  anonKey: string;
  serviceRoleKey: string;
}

async function sign(role: 'anon' | 'service_role', secret: Uint8Array): Promise<string> {
  return new SignJWT({ iss: 'supabase', ref: 'local', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(ISSUED_AT)
    .setExpirationTime(ISSUED_AT + TEN_YEARS)
    .sign(secret);
}

export async function createApiKeys(jwtSecret: string): Promise<ApiKeys> {
  const secret = new TextEncoder().encode(jwtSecret);
  return { anonKey: await sign('anon', secret), serviceRoleKey: await sign('service_role', secret) };
}
