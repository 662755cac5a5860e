import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { msg } from '@lingui/core/macro';
import { updateProfile } from '../../lib/api/auth';
import { useAuth, useAuthActor } from '../../app/auth/auth-context';
import { i18n } from '../../app/i18n/catalogs';
import { reportError } from '../../app/report-error';
import { toast } from '../../app/toast';
import type { FormFailure } from '../../app/forms/form-failure';
import { useMachineView } from '../../app/machine-view';
import { profileMachine, type ProfileValues } from '../../../machines/profile/profile.machine';

const profileUpdated = msg`Perfil atualizado.`;

/** The profile machine with its real side effects: PUT /users/profile, then the auth machine and a toast. */
export function useProfileFlow() {
  const auth = useAuthActor();
  const [machine] = useState(() =>
    profileMachine.provide({
      actors: { saveProfile: fromPromise(({ input }) => updateProfile(input.values)) },
      actions: {
        saved: (_, { user }) => {
          auth.send({ type: 'auth.userUpdated', user });
          toast.success(i18n._(profileUpdated));
        },
        // ProfileForm's FailureAlert says it.
        failed: (_, { error }) => void reportError(error, 'inline'),
      },
    }),
  );
  const [view, send] = useMachineView(machine, selectProfileView);
  return {
    view,
    edit: () => send({ type: 'profile.editRequested' }),
    cancel: () => send({ type: 'profile.editCancelled' }),
    save: (values: ProfileValues) => send({ type: 'profile.submitted', values }),
    signOut: () => auth.send({ type: 'auth.signOutRequested' }),
  };
}

/** What /profile shows of the profile machine. */
export interface ProfileView {
  editing: boolean;
  saving: boolean;
  failure: FormFailure | null;
}

const selectProfileView = (snapshot: SnapshotFrom<typeof profileMachine>): ProfileView => ({
  editing: snapshot.hasTag('state:editing'),
  saving: snapshot.hasTag('state:saving'),
  failure: snapshot.context.failure,
});

/**
 * /profile is for signed-in users: when the session ends under the page — 'Sair' here, or in
 * another tab (BroadcastChannel), or an expired token — the page goes home.
 */
export function useLeaveWhenSignedOut(): void {
  const { status } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (status === 'signedOut') void navigate({ to: '/', replace: true });
  }, [status, navigate]);
}
