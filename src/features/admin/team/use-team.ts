import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { Team } from '../../../../contracts/admin-team';
import { teamMachine, type TeamDone, type TeamMachine } from '../../../../machines/admin/team.machine';
import type { FormFailure } from '../../../../machines/forms/form-failure';
import { useMachineView } from '../../../app/machine-view';
import { adminTeamApi } from '../../../lib/api/admin-team';

export interface TeamView {
  team: Team;
  failure: FormFailure | null;
  done: TeamDone | null;
  loading: boolean;
  unavailable: boolean;
  saving: boolean;
}

const selectView = (snapshot: SnapshotFrom<TeamMachine>): TeamView => ({
  loading: snapshot.hasTag('state:loading'),
  unavailable: snapshot.hasTag('state:unavailable'),
  saving: snapshot.hasTag('state:saving'),
  team: snapshot.context.data,
  failure: snapshot.context.failure,
  done: snapshot.context.done,
});

/** The team machine on the admin API; each change also reloads the page's history. */
export function useTeam() {
  const router = useRouter();
  const [machine] = useState(() =>
    teamMachine.provide({
      actors: {
        load: fromPromise(() => adminTeamApi.team()),
        // The history below the team (the route's loader) shows the change too.
        run: fromPromise(async ({ input }) => {
          const outcome = await adminTeamApi.run(input.command);
          void router.invalidate();
          return outcome;
        }),
      },
    }),
  );
  return useMachineView(machine, selectView, { input: {} });
}
