import { Trans, useLingui } from '@lingui/react/macro';
import type { Team } from '../../../../contracts/admin-team';
import type { Permission } from '../../../../contracts/permissions';
import type { TeamEvent } from '../../../../machines/admin/team.machine';
import { formatDateTime } from '../../../app';
import { DecisionButtons } from '../DecisionButtons';
import { JoinedNote } from '../JoinedNote';
import { PERMISSION_NAMES } from './permission-names';
import * as s from '../taxonomy/taxonomy.css';

/**
 * Grants waiting for a second admin (docs/admin.md, The team): whose, from what to what, who asked and
 * when, and who invited the member (who would approve with them) and when, so a second address of the
 * one who asked shows; Aprovar/Recusar only for an admin who may decide (`can_decide`).
 */
export function PermissionChanges({ team, busy, send }: { team: Team; busy: boolean; send: (event: TeamEvent) => void }) {
  const { t, i18n } = useLingui();
  if (team.changes.length === 0) return null;
  const words = (permissions: readonly Permission[]) => permissions.map((p) => i18n._(PERMISSION_NAMES[p])).join(', ') || '—';
  return (
    <section aria-label={t`Permissões esperando aprovação`} className={s.list}>
      <h2 className={s.muted}>
        <Trans>Permissões esperando aprovação</Trans>
      </h2>
      <ul className={s.list}>
        {team.changes.map((change) => {
          const member = team.members.find((m) => m.id === change.member_id);
          const name = member?.name ?? '—';
          const who = change.requested_by_me ? t`você` : (change.requested_by ?? '—');
          const when = formatDateTime(change.created_at);
          const from = words(change.before);
          const to = words(change.permissions);
          return (
            <li key={change.id} className={s.row} aria-label={name}>
              <div className={s.rowHead}>
                <span>
                  <strong>{name}</strong> {member ? <span className={s.muted}>· {member.email}</span> : null}
                  <br />
                  <span>
                    {from} → {to}
                  </span>
                  <br />
                  <span className={s.muted}>
                    <Trans>
                      pedida por {who} em {when}
                    </Trans>
                  </span>
                  <JoinedNote entry={change.requester_joined} aside />
                  {member ? (
                    <>
                      <br />
                      <JoinedNote entry={member} />
                    </>
                  ) : null}
                </span>
                {change.can_decide ? (
                  <DecisionButtons
                    busy={busy}
                    onDecide={(approve) =>
                      send({ type: 'command.sent', command: { type: approve ? 'approve' : 'reject', changeId: change.id } })
                    }
                  />
                ) : null}
              </div>
              {change.can_decide ? null : (
                <p className={s.muted}>
                  {change.requested_by_me ? (
                    <Trans>Você pediu esta mudança: outra pessoa da equipe precisa aprová-la. Até lá, nada muda.</Trans>
                  ) : (
                    <Trans>Espera a aprovação de outra pessoa da equipe, que tenha essas permissões. Até lá, nada muda.</Trans>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
