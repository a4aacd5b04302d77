/**
 * Short-lived signed links to a generation's files, for the places a browser cannot send a bearer token
 * (<img>, <video>, <a download>). A link names one generation and an expiry; it is only handed to callers
 * who could read the generation, and it stops working when the generation is deleted.
 */
import { hmacSha256Hex } from '@lift3d/common/crypto/hmac.ts';

export async function signGeneration(secret: string, id: string, expires: number): Promise<string> {
  return hmacSha256Hex(secret, `generation-files:${id}:${expires}`, 16);
}

export async function verifyGeneration(
  secret: string,
  id: string,
  expires: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  return verifySigned((e) => signGeneration(secret, id, e), expires, signature, now);
}

/**
 * Links to the photos a generation was made from (front and extra views). Another purpose than the result
 * links, so a download link that travels further (a copied URL) does not also open the user's photos.
 */
export async function signGenerationPhotos(secret: string, id: string, expires: number): Promise<string> {
  return hmacSha256Hex(secret, `generation-photos:${id}:${expires}`, 16);
}

export async function verifyGenerationPhotos(
  secret: string,
  id: string,
  expires: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  return verifySigned((e) => signGenerationPhotos(secret, id, e), expires, signature, now);
}

/**
 * Links to the files of a shared model (/m/{slug}): they name the share, not the generation, so they cannot
 * open the owner's download route, and the share route checks on every request that the share still lives.
 */
export async function signShare(secret: string, slug: string, expires: number): Promise<string> {
  return hmacSha256Hex(secret, `share-files:${slug}:${expires}`, 16);
}

export async function verifyShare(
  secret: string,
  slug: string,
  expires: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  return verifySigned((e) => signShare(secret, slug, e), expires, signature, now);
}

async function verifySigned(
  sign: (expires: number) => Promise<string>,
  expires: string | undefined,
  signature: string | undefined,
  now: number,
): Promise<boolean> {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 < now) return false;
  const expected = await sign(Number(expires));
  if (expected.length !== signature.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return diff === 0;
}
