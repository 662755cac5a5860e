import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { Team } from '../../../../contracts/admin-team';
import {
  teamMachine,
  type TeamCommand,
  type TeamContext,
  type TeamMachine,
  type TeamRunOutcome,
} from '../../../../machines/admin/team.machine';
import { useMachineView } from '../../../app/machine-view';
import { adminTeamApi } from '../../../lib/api/admin-team';

export interface TeamView extends Pick<TeamContext, 'team' | 'failure' | 'done'> {
  loading: boolean;
  unavailable: boolean;
  saving: boolean;
}

const selectView = (snapshot: SnapshotFrom<TeamMachine>): TeamView => ({
  loading: snapshot.hasTag('state:loading'),
  unavailable: snapshot.hasTag('state:unavailable'),
  saving: snapshot.hasTag('state:saving'),
  team: snapshot.context.team,
  failure: snapshot.context.failure,
  done: snapshot.context.done,
});

/** The team machine on the admin API; each change also reloads the page's history. */
export function useTeam() {
  const router = useRouter();
  const [machine] = useState(() =>
    teamMachine.provide({
      actors: {
        load: fromPromise<Team>(() => adminTeamApi.team()),
        // The history below the team (the route's loader) shows the change too.
        run: fromPromise<TeamRunOutcome, TeamCommand>(async ({ input }) => {
          const outcome = await adminTeamApi.run(input);
          void router.invalidate();
          return outcome;
        }),
      },
    }),
  );
  return useMachineView(machine, selectView);
}
