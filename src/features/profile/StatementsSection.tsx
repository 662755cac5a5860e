import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { fromPromise } from 'xstate';
import { statementsMachine, type StatementDocument } from '../../../machines/profile/statements.machine';
import { formatMoney } from '../../app/format';
import { useMachineView } from '../../app/machine-view';
import { statementsApi } from '../../lib/api/statements';
import { saveFile } from '../../lib/save-file';
import { Button, Card, FormError, Spinner } from '../../ui';
import * as s from './profile.css';
import * as st from './statements.css';

const FILE_NAMES: Record<StatementDocument, (year: number) => string> = {
  statement: (year) => `semear-comprovante-${year}.pdf`,
  declaration: (year) => `semear-declaracao-${year}.pdf`,
};

/**
 * "Comprovantes" (docs/privacy.md, "Statement delivery"): each year the donor gave in, its net total and the
 * statement's PDF (with its verification code), and the company's deduction declaration where the NGO may issue
 * it. January's e-mail links to a year's row (#comprovantes-<year>).
 */
export function StatementsSection() {
  const { t, i18n } = useLingui();
  const [machine] = useState(() =>
    statementsMachine.provide({
      actors: {
        loadYears: fromPromise(() => statementsApi.years()),
        download: fromPromise(async ({ input }) => {
          const file = input.document === 'statement' ? statementsApi.statementPdf(input.year) : statementsApi.declarationPdf(input.year);
          saveFile(await file, FILE_NAMES[input.document](input.year));
        }),
      },
    }),
  );
  const [view, send] = useMachineView(machine, (snapshot) => ({
    loading: snapshot.hasTag('state:loading'),
    empty: snapshot.hasTag('state:empty'),
    unavailable: snapshot.hasTag('state:unavailable'),
    listed: snapshot.hasTag('state:listed'),
    downloading: snapshot.hasTag('state:downloading'),
    years: snapshot.context.years,
    download: snapshot.context.download,
    failure: snapshot.context.failure,
  }));

  // The rows arrive after the page: a link to one of them (the January e-mail's) is followed once they are here.
  useEffect(() => {
    if (view.listed && window.location.hash.startsWith('#comprovantes-')) {
      document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
    }
  }, [view.listed]);

  const isDownloading = (year: number, document: StatementDocument) =>
    view.downloading && view.download?.year === year && view.download.document === document;

  return (
    <Card>
      <section id="comprovantes" aria-labelledby="comprovantes-title" aria-busy={view.loading || undefined}>
        <h2 id="comprovantes-title" className={s.sectionTitle}>
          <Trans id="profile.statements.title">Comprovantes</Trans>
        </h2>
        <p>
          <Trans id="profile.statements.intro">
            O comprovante de cada ano lista as suas doações confirmadas, já descontados os estornos, e traz um código para conferir a
            autenticidade. Em janeiro, enviamos por e-mail o do ano anterior.
          </Trans>
        </p>
        {view.loading ? <Spinner label={t({ id: 'profile.statements.loading', message: 'Carregando comprovantes' })} /> : null}
        {view.empty ? (
          <p>
            <Trans id="profile.statements.empty">Ainda não há doações confirmadas. O comprovante de cada ano aparece aqui.</Trans>
          </p>
        ) : null}
        {view.unavailable ? (
          <div role="alert">
            <p>
              <Trans id="profile.statements.unavailable">
                Não conseguimos carregar seus comprovantes. Verifique sua conexão e tente de novo.
              </Trans>
            </p>
            <Button variant="secondary" onClick={() => send({ type: 'statements.retried' })}>
              <Trans id="profile.statements.retry">Tentar de novo</Trans>
            </Button>
          </div>
        ) : null}
        {view.listed ? (
          <ul className={st.years}>
            {view.years.map(({ year, total, company_declaration: declaration }) => {
              const amount = formatMoney(total);
              return (
                <li key={year} id={`comprovantes-${year}`} className={st.year}>
                  <div>
                    <h3 className={st.yearTitle}>{year}</h3>
                    <p className={st.total}>
                      <Trans id="profile.statements.total">Total doado: {amount}</Trans>
                    </p>
                  </div>
                  <div className={st.buttons}>
                    <Button
                      size="sm"
                      loading={isDownloading(year, 'statement')}
                      disabled={view.downloading}
                      onClick={() => send({ type: 'statements.downloaded', year, document: 'statement' })}
                    >
                      <Trans id="profile.statements.download">Baixar comprovante de {year} (PDF)</Trans>
                    </Button>
                    {declaration ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={isDownloading(year, 'declaration')}
                        disabled={view.downloading}
                        onClick={() => send({ type: 'statements.downloaded', year, document: 'declaration' })}
                      >
                        <Trans id="profile.statements.declaration">Declaração para dedução de {year} (empresa, PDF)</Trans>
                      </Button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        ) : null}
        {view.failure ? <FormError>{view.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
      </section>
    </Card>
  );
}
