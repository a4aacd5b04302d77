/**
 * The user behind an upstream sign-in, GoTrue's rules: the identity (provider + subject) decides; a new
 * identity whose e-mail the provider has verified is linked to the existing account with that e-mail;
 * otherwise a new user is created without a password (`encrypted_password` empty, so
 * `profiles.has_password` is false).
 */
import { AuthHttpError } from './errors.ts';
import type { ProviderProfile } from './oidc.ts';
import {
  type Db,
  findUserByEmail,
  findUserById,
  insertIdentity,
  insertUser,
  mergeMetadata,
  type UserRow,
  updateUser,
} from './users.ts';

function identityData(provider: string, profile: ProviderProfile): Record<string, unknown> {
  const c = profile.claims;
  const name = typeof c.name === 'string' ? c.name : undefined;
  const picture = typeof c.picture === 'string' ? c.picture : undefined;
  return {
    iss: c.iss,
    sub: profile.sub,
    provider_id: profile.sub,
    email: profile.email ?? undefined,
    email_verified: profile.emailVerified,
    phone_verified: false,
    name,
    full_name: name,
    picture,
    avatar_url: picture,
    provider,
  };
}

export async function userForProviderProfile(
  db: Db,
  provider: string,
  profile: ProviderProfile,
): Promise<UserRow> {
  const data = identityData(provider, profile);
  const identities = await db.unsafe<{ user_id: string }[]>(
    `update auth.identities set identity_data = $3::jsonb, last_sign_in_at = now(), updated_at = now()
      where provider = $1 and provider_id = $2 returning user_id`,
    [provider, profile.sub, data as never],
  );
  if (identities[0]) {
    const user = await findUserById(db, identities[0].user_id);
    if (!user || user.deleted_at)
      throw new AuthHttpError(400, 'user_not_found', 'The account for this sign-in was deleted.');
    return user;
  }
  if (!profile.email) {
    throw new AuthHttpError(400, 'bad_oauth_callback', 'Error getting user email from external provider');
  }
  const existing = await findUserByEmail(db, profile.email);
  if (existing) {
    if (!profile.emailVerified) {
      throw new AuthHttpError(
        400,
        'provider_email_needs_verification',
        'Unverified email with google: verify the address with the provider, or sign in with your password.',
      );
    }
    await insertIdentity(db, { userId: existing.id, provider, providerId: profile.sub, data });
    const app = existing.raw_app_meta_data ?? {};
    const providers = new Set([...((app.providers as string[] | undefined) ?? []), provider]);
    return updateUser(db, existing.id, {
      raw_app_meta_data: { ...app, providers: [...providers] },
      raw_user_meta_data: mergeMetadata(existing.raw_user_meta_data, { ...data, email: existing.email }),
      ...(existing.email_confirmed_at ? {} : { email_confirmed_at: new Date() }),
    });
  }
  const user = await insertUser(db, {
    email: profile.email,
    encryptedPassword: '',
    emailConfirmed: profile.emailVerified,
    appMetadata: { provider, providers: [provider] },
    userMetadata: data,
    metadataSub: profile.sub,
  });
  await insertIdentity(db, { userId: user.id, provider, providerId: profile.sub, data });
  return user;
}
