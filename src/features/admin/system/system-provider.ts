import { fromPromise } from 'xstate';
import type { AdminSystem } from '../../../../contracts/admin-system';
import { systemMachine } from '../../../../machines/admin/system.machine';
import { adminSystemApi } from '../../../lib/api/admin-system';

/** The Sistema page's machine with its effects: read the system, ask for a backup (docs/admin.md, "Sistema"). */
export const providedSystemMachine = () =>
  systemMachine.provide({
    actors: {
      // The machine holds null before its first load, so its reading is typed the same.
      load: fromPromise((): Promise<AdminSystem | null> => adminSystemApi.read()),
      run: fromPromise(async ({ input }) => (input.command.type === 'back_up' ? adminSystemApi.backUpNow() : null)),
    },
  });
