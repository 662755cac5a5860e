import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { secondFactorEnrolmentMachine, type TotpPending } from '../../../machines/profile/second-factor-enrolment.machine';
import { securityMachine, type SecurityCommand } from '../../../machines/profile/security.machine';
import { secondFactorApi } from '../../lib/api/second-factor';
import { userSessionsApi } from '../../lib/api/user-sessions';
import { useListMachineView } from '../../app/list-machine-view';
import { useMachineView } from '../../app/machine-view';
import { reportError } from '../../app/report-error';
import type { FormFailure } from '../../app/forms/form-failure';

/** The factors and sessions the page shows, and each change to them (one at a time). */
export function useSecurityList() {
  return useListMachineView(securityMachine, {
    load: async () => {
      const [factors, sessions] = await Promise.all([secondFactorApi.status(), userSessionsApi.list()]);
      return { factors, sessions };
    },
    run: (command: SecurityCommand) => {
      if (command.type === 'removeTotp') return secondFactorApi.removeTotp();
      if (command.type === 'removePasskey') return secondFactorApi.removePasskey(command.passkeyId);
      if (command.type === 'endSession') return userSessionsApi.end(command.sessionId);
      return userSessionsApi.endOthers();
    },
  });
}

/** What the enrolment part of the page shows. */
export interface EnrolmentView {
  step: 'idle' | 'scanning' | 'codes';
  submitting: boolean;
  registeringPasskey: boolean;
  pending: TotpPending | null;
  codes: string[];
  failure: FormFailure | null;
}

const selectEnrolment = (snapshot: SnapshotFrom<typeof secondFactorEnrolmentMachine>): EnrolmentView => ({
  step: snapshot.hasTag('step:codes') ? 'codes' : snapshot.hasTag('step:scanning') ? 'scanning' : 'idle',
  submitting: snapshot.hasTag('state:submitting'),
  registeringPasskey: snapshot.hasTag('state:passkey'),
  pending: snapshot.context.pending,
  codes: snapshot.context.codes,
  failure: snapshot.hasTag('state:failed') ? snapshot.context.failure : null,
});

const inline = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    // The page's own alert says it: no toast.
    reportError(error, 'inline');
    throw error;
  }
};

/** Adding a factor and new recovery codes; `changed` makes the list read the factors again. */
export function useEnrolment(changed: () => void) {
  const [machine] = useState(() =>
    secondFactorEnrolmentMachine.provide({
      actors: {
        startTotp: fromPromise(() => inline(() => secondFactorApi.startTotp())),
        confirmTotp: fromPromise(({ input }) => inline(() => secondFactorApi.confirmTotp(input.code))),
        registerPasskey: fromPromise(async ({ input }) => {
          const registered = await inline(() => secondFactorApi.registerPasskey(input.name));
          return { recovery_codes: registered.recovery_codes };
        }),
        regenerateCodes: fromPromise(() => inline(() => secondFactorApi.regenerateCodes())),
      },
      actions: { changed: () => changed() },
    }),
  );
  const [view, send] = useMachineView(machine, selectEnrolment);
  return {
    view,
    startTotp: () => send({ type: 'totp.started' }),
    confirmTotp: (code: string) => send({ type: 'code.submitted', code }),
    cancel: () => send({ type: 'enrolment.cancelled' }),
    registerPasskey: (name: string) => send({ type: 'passkey.started', name }),
    regenerateCodes: () => send({ type: 'codes.regenerated' }),
    codesSaved: () => send({ type: 'codes.saved' }),
  };
}
