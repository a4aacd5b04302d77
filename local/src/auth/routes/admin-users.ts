/**
 * The admin user API (service-role key as Bearer token), what `supabase.auth.admin` calls:
 * POST /admin/users, GET /admin/users, GET|PUT|DELETE /admin/users/{id}.
 */
import type { AuthContext, RequestContext } from '../context.ts';
import { AuthHttpError, badRequest, notFound, unprocessable } from '../errors.ts';
import { requireServiceRole } from '../guard.ts';
import { type Body, json, objectField, stringField } from '../http.ts';
import { checkPassword, hashPassword } from '../password.ts';
import { deleteSessions } from '../sessions.ts';
import {
  findUserByEmail,
  findUserById,
  insertIdentity,
  insertUser,
  isValidEmail,
  listIdentities,
  loadUserJson,
  mergeMetadata,
  normalizeEmail,
  type UserRow,
  updateUser,
  userJson,
} from '../users.ts';
import { isUniqueViolation } from './signup.ts';

const emailExists = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');

/** Go duration strings as GoTrue accepts for `ban_duration` ("24h", "1h30m", "none" lifts the ban). */
function parseBanDuration(value: string): Date | null {
  if (value === 'none') return null;
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1e3, m: 6e4, h: 3.6e6 };
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) {
    throw badRequest(
      'validation_failed',
      `invalid format for ban duration: "${value}" (use e.g. "24h" or "none")`,
    );
  }
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * (units[p[2] as string] as number), 0);
  return new Date(Date.now() + ms);
}

function booleanField(body: Body, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badRequest('validation_failed', `"${name}" must be true or false.`);
  return value;
}

async function loadTarget(ctx: AuthContext, id: string): Promise<UserRow> {
  const user = await findUserById(ctx.sql, id);
  if (!user || user.deleted_at) throw notFound('user_not_found', 'User not found');
  return user;
}

export async function adminCreateUser(ctx: AuthContext, request: RequestContext): Promise<Response> {
  await requireServiceRole(ctx, request);
  const { body } = request;
  if (stringField(body, 'phone'))
    throw unprocessable('validation_failed', 'Phone users are not supported here.');
  const rawEmail = stringField(body, 'email');
  if (!rawEmail)
    throw badRequest('validation_failed', 'Unable to validate email address: an email is required');
  const email = normalizeEmail(rawEmail);
  if (!isValidEmail(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  const password = stringField(body, 'password');
  if (password !== undefined)
    checkPassword(password, { minimumLength: ctx.config.minimumPasswordLength, rejectCommon: false });
  const confirmed = booleanField(body, 'email_confirm') ?? false;
  const banDuration = stringField(body, 'ban_duration');
  if (await findUserByEmail(ctx.sql, email)) throw emailExists();
  const encryptedPassword = password ? await hashPassword(password) : '';
  const identityData = { email, email_verified: confirmed, phone_verified: false };
  try {
    const answer = await ctx.sql.begin(async (tx) => {
      const user = await insertUser(tx, {
        email,
        encryptedPassword,
        emailConfirmed: confirmed,
        appMetadata: {
          provider: 'email',
          providers: ['email'],
          ...(objectField(body, 'app_metadata') ?? {}),
        },
        userMetadata: { ...(objectField(body, 'user_metadata') ?? {}), ...identityData },
        role: stringField(body, 'role'),
        bannedUntil: banDuration ? parseBanDuration(banDuration) : null,
      });
      await insertIdentity(tx, {
        userId: user.id,
        provider: 'email',
        providerId: user.id,
        data: { sub: user.id, ...identityData },
      });
      return loadUserJson(tx, user);
    });
    return json(200, answer);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
}

export async function adminListUsers(ctx: AuthContext, request: RequestContext): Promise<Response> {
  await requireServiceRole(ctx, request);
  const page = Math.max(1, Number(request.url.searchParams.get('page') || 1) || 1);
  const perPage = Math.min(1000, Math.max(1, Number(request.url.searchParams.get('per_page') || 50) || 50));
  const [{ total }] = await ctx.sql.unsafe<{ total: number }[]>(
    `select count(*)::int as total from auth.users where deleted_at is null`,
  );
  const ids = await ctx.sql.unsafe<{ id: string }[]>(
    `select id from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const users = [];
  for (const { id } of ids) {
    const user = await findUserById(ctx.sql, id);
    if (user) users.push(userJson(user, await listIdentities(ctx.sql, id)));
  }
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const base = `${ctx.config.externalUrl}/admin/users`;
  const links = [`<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`];
  if (page < lastPage) links.unshift(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  return json(
    200,
    { users, aud: 'authenticated' },
    { 'x-total-count': String(total), link: links.join(', ') },
  );
}

export async function adminGetUser(ctx: AuthContext, request: RequestContext, id: string): Promise<Response> {
  await requireServiceRole(ctx, request);
  return json(200, await loadUserJson(ctx.sql, await loadTarget(ctx, id)));
}

export async function adminUpdateUser(
  ctx: AuthContext,
  request: RequestContext,
  id: string,
): Promise<Response> {
  await requireServiceRole(ctx, request);
  const target = await loadTarget(ctx, id);
  const { body } = request;
  const changes: Record<string, unknown> = {};
  const rawEmail = stringField(body, 'email');
  if (rawEmail !== undefined) {
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email))
      throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
    if (email !== target.email) {
      const owner = await findUserByEmail(ctx.sql, email);
      if (owner && owner.id !== target.id) throw emailExists();
      changes.email = email;
    }
  }
  const password = stringField(body, 'password');
  if (password !== undefined) {
    checkPassword(password, { minimumLength: ctx.config.minimumPasswordLength, rejectCommon: false });
    changes.encrypted_password = await hashPassword(password);
  }
  const confirm = booleanField(body, 'email_confirm');
  if (confirm === true && !target.email_confirmed_at) changes.email_confirmed_at = new Date();
  const userMetadata = objectField(body, 'user_metadata');
  if (userMetadata) changes.raw_user_meta_data = mergeMetadata(target.raw_user_meta_data, userMetadata);
  const appMetadata = objectField(body, 'app_metadata');
  if (appMetadata) changes.raw_app_meta_data = mergeMetadata(target.raw_app_meta_data, appMetadata);
  const role = stringField(body, 'role');
  if (role) changes.role = role;
  const banDuration = stringField(body, 'ban_duration');
  if (banDuration) changes.banned_until = parseBanDuration(banDuration);
  if (Object.keys(changes).length === 0) {
    return json(200, await loadUserJson(ctx.sql, target));
  }
  try {
    const answer = await ctx.sql.begin(async (tx) => {
      const user = await updateUser(tx, target.id, changes);
      if (changes.banned_until) await deleteSessions(tx, user.id, 'global', null);
      return loadUserJson(tx, user);
    });
    return json(200, answer);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
}

export async function adminDeleteUser(
  ctx: AuthContext,
  request: RequestContext,
  id: string,
): Promise<Response> {
  await requireServiceRole(ctx, request);
  const target = await loadTarget(ctx, id);
  const soft = booleanField(request.body, 'should_soft_delete') ?? false;
  const answer = await loadUserJson(ctx.sql, target);
  await ctx.sql.begin(async (tx) => {
    if (!soft) {
      try {
        await tx.unsafe('delete from auth.users where id = $1', [target.id]);
      } catch (error) {
        // 409 rather than GoTrue's 500: supabase-js shows 4xx messages, and this one says what to do.
        if ((error as { code?: string }).code !== '23503') throw error;
        throw new AuthHttpError(
          409,
          'conflict',
          'Database error deleting user: other tables still reference this user; soft-delete it instead (should_soft_delete: true).',
        );
      }
      return;
    }
    // GoTrue's soft delete: the row stays for foreign keys, but nobody can sign in as it again.
    await deleteSessions(tx, target.id, 'global', null);
    await tx.unsafe('delete from auth.identities where user_id = $1', [target.id]);
    await tx.unsafe(
      `update auth.users set email = null, phone = null, encrypted_password = '', deleted_at = now(),
              raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
      [target.id],
    );
  });
  if (!answer)
    throw new AuthHttpError(500, 'unexpected_failure', 'auth: deleted user could not be described');
  return json(200, answer);
}
