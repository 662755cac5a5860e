import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { fromPromise } from 'xstate';
import { dataExportMachine } from '../../../machines/profile/data-export.machine';
import { formatDateTime } from '../../app';
import { useMachineView } from '../../app/machine-view';
import { dataExportApi } from '../../lib/api/data-export';
import { saveFile } from '../../lib/save-file';
import { Button, Card, FormError, Spinner } from '../../ui';
import * as s from './profile.css';

/**
 * "Meus dados" (docs/privacy.md, "A copy of my data"): the donor asks for a copy of everything the platform
 * holds about them (LGPD art. 18, II and V), sees it being prepared, and downloads the ZIP with their
 * session while it lasts (7 days). The e-mail that says it is ready links here (#meus-dados).
 */
export function MyDataSection() {
  const { t, i18n } = useLingui();
  const [machine] = useState(() =>
    dataExportMachine.provide({
      actors: {
        latest: fromPromise(() => dataExportApi.latest()),
        request: fromPromise(() => dataExportApi.request()),
        read: fromPromise(({ input }) => dataExportApi.read(input.id)),
        download: fromPromise(async ({ input }) => {
          const day = input.request.requested_at.slice(0, 10);
          saveFile(await dataExportApi.file(input.request.id), `semear-meus-dados-${day}.zip`);
        }),
      },
    }),
  );
  const [view, send] = useMachineView(machine, (snapshot) => ({
    loading: snapshot.hasTag('state:loading'),
    busy: snapshot.hasTag('state:busy'),
    ready: snapshot.hasTag('state:ready'),
    downloading: snapshot.hasTag('state:downloading'),
    failed: snapshot.hasTag('state:failed'),
    expired: snapshot.hasTag('state:expired'),
    request: snapshot.context.request,
    failure: snapshot.context.failure,
  }));
  const status = (() => {
    if (view.busy) {
      return (
        <Trans id="profile.myData.preparing">
          Estamos preparando a cópia dos seus dados. Você pode sair desta página: avisaremos por e-mail quando estiver pronta.
        </Trans>
      );
    }
    if (view.ready && view.request?.expires_at) {
      const until = formatDateTime(view.request.expires_at);
      return <Trans id="profile.myData.ready">A cópia dos seus dados está pronta. Você pode baixá-la até {until}.</Trans>;
    }
    if (view.failed) {
      return <Trans id="profile.myData.failed">Não conseguimos preparar a cópia dos seus dados. Peça de novo.</Trans>;
    }
    if (view.expired) {
      return <Trans id="profile.myData.expired">A última cópia dos seus dados não está mais disponível. Peça uma nova.</Trans>;
    }
    return null;
  })();
  return (
    <Card>
      <section id="meus-dados" aria-labelledby="meus-dados-title">
        <h2 id="meus-dados-title" className={s.sectionTitle}>
          <Trans id="profile.myData.title">Meus dados</Trans>
        </h2>
        <p>
          <Trans id="profile.myData.intro">
            Peça uma cópia de tudo o que o Semear guarda sobre você: cadastro, endereços, doações, doações mensais, cartões salvos (só a
            bandeira e o final), carteira, vales-presente, notificações, preferências e sessões. Preparamos um arquivo ZIP e avisamos por
            e-mail; ele pode ser baixado com a sua conta conectada por 7 dias.
          </Trans>
        </p>
        {view.loading ? (
          <Spinner label={t({ id: 'profile.myData.loading', message: 'Carregando' })} />
        ) : (
          <div className={s.actions}>
            {view.ready ? (
              <Button type="button" disabled={view.downloading} onClick={() => send({ type: 'dataExport.downloaded' })}>
                <Trans id="profile.myData.download">Baixar meus dados</Trans>
              </Button>
            ) : null}
            <Button
              type="button"
              variant={view.ready ? 'secondary' : 'primary'}
              disabled={view.busy || view.downloading}
              onClick={() => send({ type: 'dataExport.requested' })}
            >
              {view.ready ? (
                <Trans id="profile.myData.requestAgain">Pedir uma nova cópia</Trans>
              ) : (
                <Trans id="profile.myData.request">Pedir uma cópia dos meus dados</Trans>
              )}
            </Button>
          </div>
        )}
        {/* Announced as it changes; always there, so the buttons keep their place. */}
        <p role="status" aria-live="polite">
          {status}
        </p>
        {view.failure ? <FormError>{view.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
      </section>
    </Card>
  );
}
