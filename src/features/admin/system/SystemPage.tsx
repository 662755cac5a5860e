import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminSystem } from '../../../../contracts/admin-system';
import { formatDateTime, formatNumber } from '../../../app';
import { useMachineView } from '../../../app/machine-view';
import { RetryNotice } from '../../../app/RetryNotice';
import { Button, Card, FormError, Spinner } from '../../../ui';
import { AdminPage } from '../AdminPage';
import { DataTable } from '../PagedTable';
import * as s from '../taxonomy/taxonomy.css';
import { alertTexts } from './alert-texts';
import { providedSystemMachine } from './system-provider';

const minutesOf = (seconds: number | null): string => (seconds === null ? '—' : String(Math.floor(seconds / 60)));
const megabytes = (bytes: number | null): string => (bytes === null ? '—' : `${formatNumber(Math.round(bytes / 1024 / 102.4) / 10)} MB`);

/** /admin/system (role ADMIN; docs/admin.md, "Sistema"): the open alerts, queues, last backup, versions and providers. */
export function SystemPage() {
  const { t, i18n } = useLingui();
  const [machine] = useState(providedSystemMachine);
  const [view, send] = useMachineView(
    machine,
    (snapshot) => ({
      unavailable: snapshot.hasTag('state:unavailable'),
      busy: snapshot.hasTag('state:saving') || snapshot.hasTag('state:loading'),
      system: snapshot.context.data,
      failure: snapshot.context.failure,
      done: snapshot.context.done,
    }),
    { input: {} },
  );
  if (view.unavailable) {
    return (
      <AdminPage path="/admin/system">
        <RetryNotice onRetry={() => send({ type: 'list.retried' })}>
          <Trans>Não conseguimos ler o estado do sistema agora.</Trans>
        </RetryNotice>
      </AdminPage>
    );
  }
  const system = view.system;
  return (
    <AdminPage path="/admin/system">
      <div className={s.actions}>
        <Button variant="secondary" disabled={view.busy} onClick={() => send({ type: 'command.sent', command: { type: 'refresh' } })}>
          <Trans>Atualizar</Trans>
        </Button>
      </div>
      {system === null ? (
        <Spinner label={t`Carregando`} />
      ) : (
        <SystemSections system={system} busy={view.busy} onBackUp={() => send({ type: 'command.sent', command: { type: 'back_up' } })} />
      )}
      <div aria-live="polite">
        {view.failure ? <FormError>{view.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
        {view.done === 'back_up' ? (
          <p>
            <Trans>Backup pedido: ele aparece aqui quando terminar.</Trans>
          </p>
        ) : null}
      </div>
    </AdminPage>
  );
}

function SystemSections({ system, busy, onBackUp }: { system: AdminSystem; busy: boolean; onBackUp: () => void }) {
  const { t, i18n } = useLingui();
  const { backup, versions } = system;
  const lastStatus = backup.last ? { running: t`em andamento`, succeeded: t`concluído`, failed: t`falhou` }[backup.last.status] : null;
  return (
    <>
      <section aria-labelledby="system-alerts-title" className={s.list}>
        <h2 id="system-alerts-title">
          <Trans>Alertas</Trans>
        </h2>
        {system.alerts.length === 0 ? (
          <p className={s.muted}>
            <Trans>Nenhum alerta aberto: tudo certo.</Trans>
          </p>
        ) : (
          <DataTable label={t`Alertas`} columns={[<Trans>Alerta</Trans>, <Trans>Desde</Trans>, <Trans>Detalhes</Trans>]}>
            {system.alerts.map((alert) => {
              const words = alertTexts(alert, i18n);
              return (
                <tr key={alert.id}>
                  <td>{words.title}</td>
                  <td>{formatDateTime(alert.raised_at)}</td>
                  <td>{words.details}</td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </section>
      <section aria-labelledby="system-queues-title" className={s.list}>
        <h2 id="system-queues-title">
          <Trans>Filas</Trans>
        </h2>
        <DataTable label={t`Filas`} columns={[<Trans>Fila</Trans>, <Trans>Itens</Trans>, <Trans>Mais antigo esperando (minutos)</Trans>]}>
          {system.queues.map((queue) => (
            <tr key={queue.name}>
              <td>{queue.name}</td>
              <td>{formatNumber(queue.depth)}</td>
              <td>{minutesOf(queue.oldest_due_age_s)}</td>
            </tr>
          ))}
        </DataTable>
      </section>
      <Card>
        <section aria-labelledby="system-backup-title">
          <h2 id="system-backup-title">
            <Trans>Backup</Trans>
          </h2>
          {!backup.applies ? (
            <p>
              <Trans>O banco de dados é um PostgreSQL: os backups são os dele (pg_dump, recuperação no tempo), não do Semear.</Trans>
            </p>
          ) : backup.last ? (
            <p>
              <Trans>
                Último backup: {formatDateTime(backup.last.started_at)}, {megabytes(backup.last.size_bytes)}, {lastStatus}.
              </Trans>
              {backup.last.error ? ` ${backup.last.error}` : null}
            </p>
          ) : (
            <p>
              <Trans>Nenhum backup feito ainda.</Trans>
            </p>
          )}
          {system.can_back_up_now ? (
            <Button disabled={busy} onClick={onBackUp}>
              <Trans>Fazer backup agora</Trans>
            </Button>
          ) : null}
        </section>
      </Card>
      <section aria-labelledby="system-providers-title" className={s.list}>
        <h2 id="system-providers-title">
          <Trans>Provedores de pagamento</Trans>
        </h2>
        <DataTable
          label={t`Provedores de pagamento`}
          columns={[<Trans>Provedor</Trans>, <Trans>Chamadas (5 min)</Trans>, <Trans>Erros (5 min)</Trans>, <Trans>Último erro</Trans>]}
        >
          {system.providers.map((provider) => (
            <tr key={provider.name}>
              <td>{provider.name}</td>
              <td>{formatNumber(provider.calls)}</td>
              <td>{formatNumber(provider.errors)}</td>
              <td>{provider.last_error_at ? formatDateTime(provider.last_error_at) : '—'}</td>
            </tr>
          ))}
        </DataTable>
        <p className={s.muted}>
          <Trans>Contados pelo servidor que respondeu, nos últimos 5 minutos.</Trans>
        </p>
      </section>
      <Card>
        <section aria-labelledby="system-versions-title">
          <h2 id="system-versions-title">
            <Trans>Versões</Trans>
          </h2>
          <dl>
            <dt>Semear</dt>
            <dd>{versions.app}</dd>
            <dt>Node.js</dt>
            <dd>{versions.node}</dd>
            <dt>
              <Trans>Banco de dados</Trans>
            </dt>
            <dd>
              {versions.database.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} {versions.database.version}
            </dd>
            <dt>
              <Trans>Migrações aplicadas</Trans>
            </dt>
            <dd>
              {versions.migrations.applied} / {versions.migrations.known}
            </dd>
            <dt>
              <Trans>Build do app</Trans>
            </dt>
            <dd>{versions.build ? formatDateTime(versions.build) : '—'}</dd>
          </dl>
        </section>
      </Card>
    </>
  );
}
