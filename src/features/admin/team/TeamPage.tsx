import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Permission } from '../../../../contracts/permissions';
import type { TeamMember } from '../../../../contracts/admin-team';
import type { TeamEvent } from '../../../../machines/admin/team.machine';
import { ConfirmCancelledError, formatDate, useAuth, useConfirm } from '../../../app';
import { Button, Card, Form, FormActions, FormError, Spinner, TextField } from '../../../ui';
import { RetryNotice } from '../../../app/RetryNotice';
import { AdminPage } from '../AdminPage';
import { PermissionChoices } from './PermissionChoices';
import { PERMISSION_NAMES } from './permission-names';
import { useTeam } from './use-team';
import { TeamHistory, type HistoryFilter, type TeamHistoryData } from './TeamHistory';
import * as s from '../taxonomy/taxonomy.css';

/**
 * /admin/team: who runs Semear and what each may do. Invite by e-mail with exactly the permissions
 * needed, change or revoke them (in force from the member's next request), cancel an invitation.
 * The team machine (machines/admin) drives it; every change is audited by the server.
 */
export function TeamPage({ history, filter }: { history: TeamHistoryData | null; filter: HistoryFilter }) {
  const { t, i18n } = useLingui();
  const [view, send] = useTeam();
  return (
    <AdminPage path="/admin/team">
      <Card>
        <InviteForm key={view.done === 'invite' ? `sent-${view.team.invitations.length}` : 'new'} busy={view.saving} send={send} />
      </Card>
      <div aria-live="polite">
        {view.failure ? <FormError>{view.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
        {view.done && !view.failure ? (
          <p role="status" className={s.muted}>
            {view.done === 'invite' ? <Trans>Convite enviado.</Trans> : <Trans>Alteração salva.</Trans>}
          </p>
        ) : null}
      </div>
      {view.unavailable ? (
        <RetryNotice onRetry={() => send({ type: 'team.retried' })}>
          <Trans>Não conseguimos carregar a equipe agora.</Trans>
        </RetryNotice>
      ) : view.loading && view.team.members.length === 0 ? (
        <Spinner label={t`Carregando`} />
      ) : (
        <>
          <section aria-label={t`Membros`}>
            <ul className={s.list} aria-busy={view.saving || view.loading}>
              {view.team.members.map((member) => (
                <MemberRow
                  key={`${member.id}-${member.permissions.join()}`}
                  member={member}
                  busy={view.saving || view.loading}
                  send={send}
                />
              ))}
            </ul>
          </section>
          {view.team.invitations.length > 0 ? (
            <section aria-label={t`Convites abertos`} className={s.list}>
              <h2 className={s.muted}>
                <Trans>Convites abertos</Trans>
              </h2>
              <ul className={s.list}>
                {view.team.invitations.map((invitation) => {
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
                          disabled={view.saving}
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
          <TeamHistory history={history} members={view.team.members} filter={filter} />
        </>
      )}
    </AdminPage>
  );
}

function InviteForm({ busy, send }: { busy: boolean; send: (event: TeamEvent) => void }) {
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
      <PermissionChoices legend={t`O que essa pessoa poderá fazer`} value={permissions} onChange={setPermissions} />
      <FormActions>
        <Button type="submit" disabled={busy}>
          <Trans>Enviar convite</Trans>
        </Button>
      </FormActions>
    </Form>
  );
}

function MemberRow({ member, busy, send }: { member: TeamMember; busy: boolean; send: (event: TeamEvent) => void }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const confirm = useConfirm();
  const [permissions, setPermissions] = useState<Permission[]>(member.permissions);
  const name = member.name;
  const remove = async () => {
    try {
      await confirm({
        title: t`Remover ${name} da equipe?`,
        description: t`A pessoa perde o acesso ao admin no próximo clique; a conta de doador continua.`,
        confirmText: t`Remover`,
        cancelText: t`Cancelar`,
      });
      send({ type: 'command.sent', command: { type: 'remove', memberId: member.id } });
    } catch (error) {
      if (!(error instanceof ConfirmCancelledError)) throw error;
    }
  };
  return (
    <li className={s.row} aria-label={name}>
      <div className={s.rowHead}>
        <span>
          <strong>{name}</strong> <span className={s.muted}>· {member.email}</span>
          {member.id === user?.id ? (
            <span className={s.muted}>
              {' '}
              · <Trans>você</Trans>
            </span>
          ) : null}
        </span>
        <Button type="button" size="sm" variant="danger" disabled={busy} onClick={() => void remove()}>
          <Trans>Remover da equipe</Trans>
        </Button>
      </div>
      <PermissionChoices legend={t`Permissões de ${name}`} value={permissions} onChange={setPermissions} />
      <div>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={busy || permissions.join() === member.permissions.join()}
          onClick={() => send({ type: 'command.sent', command: { type: 'setPermissions', memberId: member.id, permissions } })}
        >
          <Trans>Salvar permissões</Trans>
        </Button>
      </div>
    </li>
  );
}
