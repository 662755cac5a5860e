import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Permission } from '../../../../contracts/permissions';
import type { TeamMember } from '../../../../contracts/admin-team';
import type { TeamEvent } from '../../../../machines/admin/team.machine';
import { ConfirmCancelledError, useConfirm } from '../../../app';
import { Button } from '../../../ui';
import { JoinedNote } from '../JoinedNote';
import { PermissionChoices } from './PermissionChoices';
import { PERMISSION_NAMES } from './permission-names';
import * as s from '../taxonomy/taxonomy.css';

/**
 * One member: their permissions to change (those the admin holds) and the way out of the team. The
 * admin's own row only shows theirs: nobody changes their own permissions.
 */
export function MemberRow({
  member,
  mine,
  viewerPermissions,
  busy,
  send,
}: {
  member: TeamMember;
  mine: boolean;
  viewerPermissions: readonly Permission[];
  busy: boolean;
  send: (event: TeamEvent) => void;
}) {
  const { t, i18n } = useLingui();
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
  const names = member.permissions.map((p) => i18n._(PERMISSION_NAMES[p])).join(', ') || t`sem permissões`;
  return (
    <li className={s.row} aria-label={name}>
      <div className={s.rowHead}>
        <span>
          <strong>{name}</strong> <span className={s.muted}>· {member.email}</span>
          {mine ? (
            <span className={s.muted}>
              {' '}
              · <Trans>você</Trans>
            </span>
          ) : null}
          <br />
          <JoinedNote entry={member} />
          {member.must_enrol_second_factor ? (
            <>
              <br />
              <strong role="note">
                <Trans id="admin.team.mustEnrol">
                  Precisa ativar um segundo fator (aplicativo autenticador ou chave de acesso) antes de agir na administração.
                </Trans>
              </strong>
            </>
          ) : null}
        </span>
        <Button type="button" size="sm" variant="danger" disabled={busy} onClick={() => void remove()}>
          <Trans>Remover da equipe</Trans>
        </Button>
      </div>
      {mine ? (
        <p className={s.muted}>
          <Trans>Suas permissões: {names}. Ninguém muda as próprias permissões: peça a outra pessoa da equipe.</Trans>
        </p>
      ) : (
        <>
          <PermissionChoices
            legend={t`Permissões de ${name}`}
            value={permissions}
            grantable={[...viewerPermissions, ...member.permissions]}
            onChange={setPermissions}
          />
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
        </>
      )}
    </li>
  );
}
