import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TeamEntry } from '../../../contracts/team-entry';
import { teamInvitations, users } from '../../db/schema';
import type { Executor } from '../../db/types';

/** The people named on admin screens: their names, and how each came into the team (contracts/team-entry.ts). */

export interface Person {
  name: string;
  joined: TeamEntry;
}

const inviters = alias(users, 'inviters');

/** Who invited each of `ids` and when they joined: their latest accepted invitation. */
export async function teamEntriesOf(tx: Executor, ids: readonly string[]): Promise<Map<string, NonNullable<TeamEntry>>> {
  const rows = ids.length
    ? await tx
        .select({ memberId: teamInvitations.acceptedBy, inviter: inviters.name, at: teamInvitations.acceptedAt })
        .from(teamInvitations)
        .leftJoin(inviters, eq(inviters.id, teamInvitations.invitedBy))
        .where(and(inArray(teamInvitations.acceptedBy, [...ids]), isNotNull(teamInvitations.acceptedAt)))
        .orderBy(desc(teamInvitations.acceptedAt))
    : [];
  const latest = new Map<string, NonNullable<TeamEntry>>();
  for (const row of rows)
    if (row.memberId && row.at && !latest.has(row.memberId))
      latest.set(row.memberId, { invited_by: row.inviter, joined_at: row.at.toISOString() });
  return latest;
}

const wantedIds = (ids: ReadonlyArray<string | null>) => [...new Set(ids.filter((id): id is string => Boolean(id)))];

/** The names by id (nulls and repeats ignored); someone whose account is gone is simply not in the map. */
export async function namesOf(tx: Executor, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const wanted = wantedIds(ids);
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, u.name]));
}

/** The people by id, with how each came into the team. */
export async function peopleOf(tx: Executor, ids: ReadonlyArray<string | null>): Promise<Map<string, Person>> {
  const wanted = wantedIds(ids);
  const [names, entries] = await Promise.all([namesOf(tx, wanted), teamEntriesOf(tx, wanted)]);
  return new Map([...names].map(([id, name]) => [id, { name, joined: entries.get(id) ?? null }]));
}

/** Who asked for a change and who decided it, for the viewing admin (contracts/team-entry.ts decisionPeopleFields). */
export function decisionPeople(
  row: { requestedBy: string | null; decidedBy: string | null },
  people: Map<string, Person>,
  viewerId: string,
) {
  const asker = row.requestedBy ? people.get(row.requestedBy) : undefined;
  const decider = row.decidedBy ? people.get(row.decidedBy) : undefined;
  return {
    requested_by: asker?.name ?? null,
    requester_joined: asker?.joined ?? null,
    requested_by_me: row.requestedBy === viewerId,
    decided_by: decider?.name ?? null,
    decider_joined: decider?.joined ?? null,
  };
}
