/** The `user` object of `/api/users/:id` and the admin's user list (DESIGN §6). */
import * as z from 'zod/mini';

export const User = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  credits: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  has_password: z.boolean(),
  is_admin: z.boolean(),
});
export type User = z.infer<typeof User>;
