import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Permission } from '../../../../contracts/permissions';
import { teamMachine, type TeamDone, type TeamEvent } from '../../../../machines/admin/team.machine';
import { formatDate, useAuth } from '../../../app';
import { Button, Card, Form, FormActions, FormError, Spinner, TextField } from '../../../ui';
import { useListMachineView } from '../../../app/list-machine-view';
import { RetryNotice } from '../../../app/RetryNotice';
import { adminTeamApi } from '../../../lib/api/admin-team';
import { AdminPage } from '../AdminPage';
import { MemberRow } from './MemberRow';
import { PermissionChanges } from './PermissionChanges';
import { PermissionChoices } from './PermissionChoices';
import { PERMISSION_NAMES } from './permission-names';
import { TeamHistory, type HistoryFilter, type TeamHistoryData } from './TeamHistory';
import * as s from '../taxonomy/taxonomy.css';

/** What the page says once a change went through (`waiting`: asked for, a second admin decides). */
const DONE_TEXTS: Record<TeamDone, MessageDescriptor> = {
  invite: msg`Convite enviado.`,
  revoke: msg`Alteração salva.`,
  setPermissions: msg`Alteração salva.`,
  remove: msg`Alteração salva.`,
  waiting: msg`Pedido registrado: essas permissões deixam a pessoa aprovar mudanças, então outra pessoa da equipe precisa aprovar. Até lá, nada muda.`,
  approve: msg`Aprovado: as permissões já valem.`,
  reject: msg`Recusado: nada mudou.`,
};

/**
 * /admin/team: who runs Semear and what each may do. Invite by e-mail with exactly the permissions
 * needed, change or revoke them (in force from the member's next request), cancel an invitation.
 * The team machine (machines/admin) drives it; every change is audited by the server.
 */
export function TeamPage({ history, filter }: { history: TeamHistoryData | null; filter: HistoryFilter }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const [view, send] = useListMachineView(teamMachine, {
    load: () => adminTeamApi.team(),
    // The history below the team (the route's loader) shows the change too.
    run: async (command) => {
      const outcome = await adminTeamApi.run(command);
      void router.invalidate();
      return outcome;
    },
  });
  const team = view.data;
  const { user } = useAuth();
  const mine = team.members.find((m) => m.id === user?.id)?.permissions ?? [];
  return (
    <AdminPage path="/admin/team">
      <Card>
        <InviteForm
          key={view.done === 'invite' ? `sent-${team.invitations.length}` : 'new'}
          grantable={mine}
          busy={view.busy}
          send={send}
        />
      </Card>
      <div aria-live="polite">
        {view.failure ? <FormError>{view.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
        {view.done && !view.failure ? (
          <p role="status" className={s.muted}>
            {i18n._(DONE_TEXTS[view.done])}
          </p>
        ) : null}
      </div>
      {view.unavailable ? (
        <RetryNotice onRetry={() => send({ type: 'list.retried' })}>
          <Trans>Não conseguimos carregar a equipe agora.</Trans>
        </RetryNotice>
      ) : view.loading && team.members.length === 0 ? (
        <Spinner label={t`Carregando`} />
      ) : (
        <>
          <section aria-label={t`Membros`}>
            <ul className={s.list} aria-busy={view.saving || view.loading}>
              {team.members.map((member) => (
                <MemberRow
                  key={`${member.id}-${member.permissions.join()}`}
                  member={member}
                  mine={member.id === user?.id}
                  viewerPermissions={mine}
                  busy={view.busy}
                  send={send}
                />
              ))}
            </ul>
          </section>
          <PermissionChanges team={team} busy={view.busy} send={send} />
          {team.invitations.length > 0 ? (
            <section aria-label={t`Convites abertos`} className={s.list}>
              <h2 className={s.muted}>
                <Trans>Convites abertos</Trans>
              </h2>
              <ul className={s.list}>
                {team.invitations.map((invitation) => {
                  const until = formatDate(invitation.expires_at);
                  const email = invitation.email;
                  return (
                    <li key={invitation.id} className={s.row} aria-label={email}>
                      <div className={s.rowHead}>
                        <span>
                          <strong>{email}</strong>{' '}
                          <span className={s.muted}>
                            · {invitation.permissions.map((p) => i18n._(PERMISSION_NAMES[p])).join(', ') || t`sem permissões`} ·{' '}
                            <Trans>vale até {until}</Trans>
                          </span>
                        </span>
                        <Button
                          type="button"
                          size="sm"
                          variant="ghost"
                          disabled={view.busy}
                          onClick={() => send({ type: 'command.sent', command: { type: 'revoke', invitationId: invitation.id } })}
                        >
                          <Trans>Cancelar convite</Trans>
                        </Button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}
          <TeamHistory history={history} members={team.members} filter={filter} />
        </>
      )}
    </AdminPage>
  );
}

function InviteForm({ grantable, busy, send }: { grantable: readonly Permission[]; busy: boolean; send: (event: TeamEvent) => void }) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [permissions, setPermissions] = useState<Permission[]>([]);
  return (
    <Form
      aria-label={t`Convidar para a equipe`}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'command.sent', command: { type: 'invite', input: { email, permissions } } });
      }}
    >
      <TextField label={t`E-mail de quem você convida`} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <PermissionChoices legend={t`O que essa pessoa poderá fazer`} value={permissions} grantable={grantable} onChange={setPermissions} />
      <FormActions>
        <Button type="submit" disabled={busy}>
          <Trans>Enviar convite</Trans>
        </Button>
      </FormActions>
    </Form>
  );
}
