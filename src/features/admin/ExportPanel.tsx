import { useState } from 'react';
import { Plural, SelectOrdinal, Trans, useLingui } from '@lingui/react/macro';
import { fromPromise } from 'xstate';
import type { ExportFormat, ExportKind } from '../../../contracts/admin-exports';
import { exportFileMachine } from '../../../machines/admin/export-file.machine';
import { formatDateTime, formatNumber } from '../../app';
import { useMachineView } from '../../app/machine-view';
import { adminExportsApi } from '../../lib/api/admin-exports';
import { saveFile } from '../../lib/save-file';
import { Button, FormError } from '../../ui';
import * as s from './taxonomy/taxonomy.css';

/**
 * An admin page's export buttons (docs/admin.md, "Exports in the background"): the server prepares the
 * file while this shows how many lines it has read, the browser downloads it when it is ready, and it
 * can be downloaded again until it expires. `params` is the page's period or filters as they are now.
 */
export function ExportPanel({
  kind,
  formats,
  params,
  variant = 'secondary',
}: {
  kind: ExportKind;
  formats: readonly ExportFormat[];
  params: Record<string, unknown>;
  variant?: 'secondary' | 'ghost';
}) {
  const { t, i18n } = useLingui();
  const labels: Record<ExportFormat, string> = { csv: t`Exportar CSV`, xlsx: t`Exportar XLSX` };
  const [machine] = useState(() =>
    exportFileMachine.provide({
      actors: {
        recent: fromPromise(() => adminExportsApi.latest(kind)),
        request: fromPromise(({ input }) => adminExportsApi.request(kind, input.format, input.params)),
        read: fromPromise(({ input }) => adminExportsApi.read(kind, input.id)),
        download: fromPromise(async ({ input }) => saveFile(await adminExportsApi.file(kind, input.job.id), input.job.file_name)),
      },
    }),
  );
  const [view, send] = useMachineView(machine, (snapshot) => ({
    busy: snapshot.hasTag('state:busy'),
    ready: snapshot.hasTag('state:ready'),
    failed: snapshot.hasTag('state:failed'),
    expired: snapshot.hasTag('state:expired'),
    job: snapshot.context.job,
    failure: snapshot.context.failure,
  }));
  const job = view.job;
  const total = job?.lines_total ?? null;
  const status = (() => {
    // Exports run a few at a time across every admin (docs/admin.md): the others wait their turn, and say which it is.
    if (view.busy && job?.status === 'queued' && job.queue_place !== null) {
      return (
        <Trans>
          <SelectOrdinal value={job.queue_place} one="#º" other="#º" /> na fila: o arquivo será preparado quando chegar a vez.
        </Trans>
      );
    }
    if (view.busy && job && total !== null) {
      const done = formatNumber(job.lines_done);
      return (
        <Trans>
          Preparando o arquivo: {done} de <Plural value={total} one="# linha" other="# linhas" />
        </Trans>
      );
    }
    if (view.busy) return <Trans>Preparando o arquivo…</Trans>;
    if (view.ready && job?.expires_at) {
      const name = job.file_name;
      const until = formatDateTime(job.expires_at);
      return (
        <Trans>
          {name} pronto (<Plural value={total ?? job.lines_done} one="# linha" other="# linhas" />
          ). Disponível até {until}.
        </Trans>
      );
    }
    if (view.failed) return <Trans>Não conseguimos preparar o arquivo. Peça a exportação de novo.</Trans>;
    if (view.expired) return <Trans>Este arquivo não está mais disponível: peça a exportação de novo.</Trans>;
    return null;
  })();
  return (
    <div>
      <div className={s.actions}>
        {formats.map((format) => (
          <Button
            key={format}
            type="button"
            variant={variant}
            disabled={view.busy}
            onClick={() => send({ type: 'export.requested', format, params })}
          >
            {labels[format]}
          </Button>
        ))}
        {view.ready ? (
          <Button type="button" variant="ghost" onClick={() => send({ type: 'export.downloaded' })}>
            <Trans>Baixar de novo</Trans>
          </Button>
        ) : null}
      </div>
      {/* Announced as it changes; always there, so the buttons keep their place. */}
      <p role="status" className={s.muted}>
        {status}
      </p>
      {view.busy && job && job.lines_total ? (
        <progress max={job.lines_total} value={job.lines_done} aria-label={t`Preparando o arquivo`} data-testid="export-progress" />
      ) : null}
      {view.failure ? <FormError>{view.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
    </div>
  );
}
