import { z } from 'zod';

/**
 * How someone came into the team: who invited them and when they joined (their latest accepted
 * invitation). Null for a member who came without one (the seed's first admin). Shown beside whoever
 * asks for and decides a change that needs two people (issue 23: an admin's second address, invited
 * by themselves minutes before, shows as such).
 */
export const teamEntrySchema = z.object({ invited_by: z.string().nullable(), joined_at: z.string() }).nullable();
export type TeamEntry = z.infer<typeof teamEntrySchema>;

/** Who asked for a change and who decided it, as the signed-in admin sees them. */
export const decisionPeopleFields = {
  requested_by: z.string().nullable(),
  requester_joined: teamEntrySchema,
  /** The signed-in admin asked for it. */
  requested_by_me: z.boolean(),
  decided_by: z.string().nullable(),
  decider_joined: teamEntrySchema,
};
