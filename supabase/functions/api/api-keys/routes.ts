/**
 * The signed-in user's API keys (Profile → Developers), browser routes with the session token:
 * GET /api/api-keys, POST /api/api-keys {name} (the secret is in this answer only), DELETE /api/api-keys/:id.
 * The api makes the secret and hands the database its SHA-256 and visible prefix; the 10-key limit and
 * ownership are enforced by public.create_api_key and public.revoke_api_key.
 */
import type { ApiKey, Tables } from '@lift3d/contract';
import { CreateKey } from '@lift3d/contract';
import { Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { notFound } from '../core/errors.ts';
import { jsonBody } from '../core/validate.ts';
import { newApiKey } from '../v1/api-key-auth.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A key as the list reads it; `create_api_key` answers the first four columns. */
type KeyRow = Pick<Tables<'api_keys'>, 'id' | 'name' | 'prefix' | 'created_at'> &
  Partial<Pick<Tables<'api_keys'>, 'last_used_at' | 'revoked_at'>>;

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const keyJson = (row: KeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: iso(row.last_used_at),
  revokedAt: iso(row.revoked_at),
});

export function apiKeyRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const caller = requireUser(c.get('caller'));
      const rows = await db.asCaller(
        caller,
        (tx) => tx<
          KeyRow[]
        >`select id, name, prefix, created_at, last_used_at, revoked_at from public.api_keys
                    where user_id = ${caller.userId} order by created_at desc, id`,
      );
      return c.json({ apiKeys: rows.map(keyJson) });
    })
    .post('/', jsonBody(CreateKey), async (c) => {
      const caller = requireUser(c.get('caller'));
      const { name } = c.req.valid('json');
      const made = await newApiKey();
      const [row] = await db.asCaller(
        caller,
        (tx) => tx<KeyRow[]>`select * from public.create_api_key(${name}, ${made.prefix}, ${made.hash})`,
      );
      return c.json({ apiKey: keyJson(row), secret: made.key }, 201);
    })
    .delete('/:id', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = c.req.param('id');
      if (!UUID.test(id)) throw notFound('No API key with this id.');
      await db.asCaller(caller, (tx) => tx`select public.revoke_api_key(${id})`);
      return c.body(null, 204);
    });
}
