import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { acceptInvitationMachine, type AcceptInvitationMachine } from '../../../../machines/admin/accept-invitation.machine';
import { formatDate, useAuth, usePageTitle, useVisitorPrompt } from '../../../app';
import { FailureAlert } from '../../../app/forms/FailureAlert';
import { useMachineView } from '../../../app/machine-view';
import { adminTeamApi } from '../../../lib/api/admin-team';
import { fetchProfile } from '../../../lib/api/auth';
import { Button, Card, Container, Notice, PageHeader, Spinner, Stack } from '../../../ui';
import { RetryNotice } from '../../../app/RetryNotice';
import { PERMISSION_NAMES } from './permission-names';

const SCREENS = ['loading', 'found', 'joined', 'notFound', 'unavailable'] as const;

const selectView = (snapshot: SnapshotFrom<AcceptInvitationMachine>) => ({
  screen: SCREENS.find((screen) => snapshot.hasTag(`state:${screen}`)) ?? null,
  accepting: snapshot.hasTag('state:accepting'),
  invitation: snapshot.context.found,
  failure: snapshot.context.failure,
});

/**
 * /convite-equipe?token=…: an invitation to the admin team. A visitor signs in or up (with the
 * invited e-mail) and comes back; the signed-in account accepts and lands on the admin.
 */
export function InvitationPage({ token }: { token?: string }) {
  const { t } = useLingui();
  usePageTitle(t`Convite para a equipe`);
  const { status } = useAuth();
  return (
    <Container narrow>
      <Stack gap="6">
        <PageHeader eyebrow={t`Semear`} title={t`Convite para a equipe`} />
        {!token ? (
          <Notice tone="warning">
            <Trans>Este endereço não tem um convite. Abra o link do e-mail que você recebeu.</Trans>
          </Notice>
        ) : status === 'loading' ? (
          <Spinner label={t`Carregando…`} />
        ) : (
          <Invitation key={status} token={token} signedIn={status === 'signedIn'} />
        )}
      </Stack>
    </Container>
  );
}

function Invitation({ token, signedIn }: { token: string; signedIn: boolean }) {
  const { t, i18n } = useLingui();
  const prompt = useVisitorPrompt();
  const navigate = useNavigate();
  const { send: sendAuth } = useAuth();
  const [machine] = useState(() =>
    acceptInvitationMachine.provide({
      actors: {
        lookUp: fromPromise(({ input }) => adminTeamApi.invitation(input.key)),
        // The account's new role and permissions, for the menu and the admin guards at once.
        act: fromPromise(async ({ input }) => {
          await adminTeamApi.accept(input.key);
          sendAuth({ type: 'auth.userUpdated', user: await fetchProfile() });
        }),
      },
      actions: {
        // The forms start with the invited e-mail: the account that accepts must be that one.
        promptVisitor: ({ context }) =>
          prompt.open({ description: t`Entre ou crie sua conta com o e-mail convidado para aceitar.`, email: context.found?.email }),
        finished: () => void navigate({ to: '/admin' }),
      },
    }),
  );
  const [view, send] = useMachineView(machine, selectView, { input: { token, signedIn } });
  if (view.screen === 'loading' || view.screen === 'joined') return <Spinner label={t`Carregando…`} />;
  if (view.screen === 'notFound')
    return (
      <Notice tone="warning">
        <Trans>Este convite não vale mais: pode ter expirado, sido usado ou cancelado. Peça um novo a quem convidou você.</Trans>
      </Notice>
    );
  if (view.screen === 'unavailable')
    return (
      <RetryNotice onRetry={() => send({ type: 'invitation.retried' })}>
        <Trans>Não conseguimos abrir o convite agora.</Trans>
      </RetryNotice>
    );
  const invitation = view.invitation!;
  const who = invitation.invited_by ?? t`A equipe do Semear`;
  const email = invitation.email;
  const until = formatDate(invitation.expires_at);
  return (
    <Card>
      <Stack gap="4">
        <p>
          <Trans>
            {who} convidou <strong>{email}</strong> para administrar o Semear. O convite vale até {until}.
          </Trans>
        </p>
        <div>
          <p>
            <Trans>Você poderá:</Trans>
          </p>
          <ul>
            {invitation.permissions.length > 0 ? (
              invitation.permissions.map((permission) => <li key={permission}>{i18n._(PERMISSION_NAMES[permission])}</li>)
            ) : (
              <li>
                <Trans>ver o painel do admin (as permissões vêm depois)</Trans>
              </li>
            )}
          </ul>
        </div>
        <FailureAlert failure={view.failure} />
        <div>
          <Button type="button" variant="accent" disabled={view.accepting} onClick={() => send({ type: 'invitation.accepted' })}>
            <Trans>Aceitar o convite</Trans>
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
