/** The bodies a signed-in user sends about their account, keys, webhooks and shares. */
import * as z from 'zod/mini';

/** `PUT /api/users/:id`: `is_admin` only from an admin; `email` is refused (it changes through Auth). */
export const ProfileChanges = z.object({
  name: z.optional(
    z.string().check(z.trim(), z.minLength(1, 'Full name cannot be empty.'), z.maxLength(200)),
  ),
  email: z.optional(z.string().check(z.trim(), z.maxLength(255))),
  is_admin: z.optional(z.boolean({ error: 'is_admin must be true or false.' })),
});
export type ProfileChanges = z.input<typeof ProfileChanges>;

/** A whole number in [min, max] (a safe integer, as zod's int()), each failure in words the admin's form shows. */
const wholeNumber = (name: string, min: number, max: number, range: string) =>
  z
    .number({ error: `${name} must be a number.` })
    .check(
      z.refine(Number.isSafeInteger, `${name} must be a whole number.`),
      z.gte(min, `${name} must be between ${range}.`),
      z.lte(max, `${name} must be between ${range}.`),
    );

/** `POST /api/users/:id/credits/add` (admins). */
export const AddCredits = z.object({
  creditsToAdd: wholeNumber('creditsToAdd', -10_000_000, 10_000_000, '-10,000,000 and 10,000,000').check(
    z.refine((v) => v !== 0, 'creditsToAdd cannot be 0.'),
  ),
});
export type AddCredits = z.input<typeof AddCredits>;

/** `POST /api/users/:id/credits`: an absolute balance (admins). */
export const SetBalance = z.object({
  credits: wholeNumber('credits', 0, 100_000_000, '0 and 100,000,000'),
});
export type SetBalance = z.input<typeof SetBalance>;

/** `POST /api/api-keys`. */
export const CreateKey = z.strictObject({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please give the key a name.'),
      z.maxLength(80, 'At most 80 characters.'),
    ),
});
export type CreateKey = z.input<typeof CreateKey>;

/** `PUT /api/webhooks/endpoint`. */
export const SaveEndpoint = z.object({
  url: z
    .string({ error: 'url must be a text.' })
    .check(
      z.trim(),
      z.minLength(1, 'Enter the URL of your endpoint.'),
      z.maxLength(2000, 'The URL is longer than 2000 characters.'),
    ),
  enabled: z.optional(z.boolean({ error: 'enabled must be true or false.' })),
});
export type SaveEndpoint = z.input<typeof SaveEndpoint>;

/** `POST /api/generations/:id/share`. */
export const ShareRequest = z.strictObject({ allowDownloads: z.optional(z.boolean()) });
export type ShareRequest = z.input<typeof ShareRequest>;

/** `PATCH /api/generations/:id/share`. */
export const DownloadsChange = z.strictObject({ allowDownloads: z.boolean() });
export type DownloadsChange = z.input<typeof DownloadsChange>;
