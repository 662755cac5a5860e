import { Trans, useLingui } from '@lingui/react/macro';
import type { UserSession } from '../../../contracts/user-sessions';
import type { SecurityEvent } from '../../../machines/profile/security.machine';
import { ConfirmCancelledError, formatDateTime, useConfirm } from '../../app';
import { Button } from '../../ui';
import * as s from './security.css';

/** Where the account is signed in: device, browser, approximate place, last seen; end one or all others. */
export function SessionList({ sessions, busy, send }: { sessions: UserSession[]; busy: boolean; send: (event: SecurityEvent) => void }) {
  const { t } = useLingui();
  const confirm = useConfirm();
  const ask = async (title: string, event: SecurityEvent) => {
    try {
      await confirm({
        title,
        description: t({ id: 'security.sessions.endNote', message: 'Quem estiver usando essa sessão precisará entrar de novo.' }),
        confirmText: t({ id: 'security.sessions.endConfirm', message: 'Encerrar' }),
      });
      send(event);
    } catch (error) {
      if (!(error instanceof ConfirmCancelledError)) throw error;
    }
  };
  const others = sessions.filter((session) => !session.current).length;
  return (
    <>
      <ul className={s.list} aria-busy={busy} aria-label={t({ id: 'security.sessions.list', message: 'Sessões ativas' })}>
        {sessions.map((session) => {
          const name = `${session.device} · ${session.browser}`;
          const place = session.place;
          const seen = formatDateTime(session.last_seen_at);
          return (
            <li key={session.id} className={s.row} data-testid="user-session">
              <span>
                <strong>{name}</strong>{' '}
                {session.current ? (
                  <strong>
                    <Trans id="security.sessions.current">(este dispositivo)</Trans>
                  </strong>
                ) : null}
                <br />
                <span className={s.muted}>
                  <Trans id="security.sessions.seen">
                    {place} · visto por último em {seen}
                  </Trans>
                </span>
              </span>
              {session.current ? null : (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  aria-label={t({ id: 'security.sessions.endNamed', message: `Encerrar a sessão ${name}` })}
                  onClick={() =>
                    void ask(t({ id: 'security.sessions.endTitle', message: 'Encerrar esta sessão?' }), {
                      type: 'command.sent',
                      command: { type: 'endSession', sessionId: session.id },
                    })
                  }
                >
                  <Trans id="security.sessions.end">Encerrar</Trans>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <div className={s.actions}>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void ask(t({ id: 'security.sessions.endOthersTitle', message: 'Encerrar todas as outras sessões?' }), {
                type: 'command.sent',
                command: { type: 'endOtherSessions' },
              })
            }
          >
            <Trans id="security.sessions.endOthers">Encerrar todas as outras</Trans>
          </Button>
        </div>
      ) : null}
    </>
  );
}
