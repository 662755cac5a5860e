import { z } from 'zod';

/**
 * A person's open sessions (docs/api.md, GET /users/profile/sessions): one per signed-in device, newest
 * use first. `device`, `browser` and `place` are read from the User-Agent and the address at sign-in and
 * come translated (unknown parts say so); `current` is the session of the token that asked.
 */
export const userSessionSchema = z.object({
  id: z.uuid(),
  device: z.string(),
  browser: z.string(),
  place: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const userSessionsSchema = z.array(userSessionSchema);
