import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CORPORATE_MAX_QUANTITY } from '../../../../contracts';
import type { CorporateDefinitionEvent } from '../../../../machines/gift-card/corporate-definition.machine';
import { formatNumber } from '../../../app/format';
import { Button, Form, FormActions, FormError, RadioGroup, TextField } from '../../../ui';
import { useIssueText } from '../issue-text';
import { StepActions } from '../StepActions';
import type { CorporateDefinitionView } from './use-corporate-definition';
import * as s from '../gifts.css';

/** The refused rows listed on the page; the download has them all. */
const SHOWN_REJECTED = 50;

interface Props {
  view: CorporateDefinitionView;
  send: (event: CorporateDefinitionEvent) => void;
}

/**
 * Step 2: who receives. A spreadsheet (read here with a progress bar, every refused row named by its
 * line and downloadable, then sent), or a number of codes the company hands out itself.
 */
export function SheetStep({ view, send }: Props) {
  const { t } = useLingui();
  const [source, setSource] = useState<'sheet' | 'codes'>(view.quantity !== null ? 'codes' : 'sheet');
  return (
    <div className={s.stack}>
      <RadioGroup
        legend={t`Como os cartões chegam a cada pessoa`}
        name="source"
        value={source}
        onChange={(event: ChangeEvent<HTMLInputElement>) => setSource(event.target.value === 'codes' ? 'codes' : 'sheet')}
        options={[
          { value: 'sheet', label: t`Por e-mail, para as pessoas de uma planilha` },
          { value: 'codes', label: t`Só os códigos: a empresa entrega (PDF e CSV depois do pagamento)` },
        ]}
      />
      {source === 'sheet' ? <SheetChoice view={view} send={send} /> : <CodesForm view={view} send={send} />}
    </div>
  );
}

function SheetChoice({ view, send }: Props) {
  const { t } = useLingui();
  const issue = useIssueText(view.issues);
  const percent = Math.round(view.progress * 100);
  return (
    <>
      {view.previewing && view.preview ? (
        <SheetPreview view={view} send={send} />
      ) : (
        <TextField
          label={t`Planilha de recebedores`}
          hint={t`csv, xls ou xlsx de até 2 MB, com as colunas "Nome" e "E-mail".`}
          type="file"
          accept=".csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={view.reading}
          error={issue('sheet')}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            const file = event.target.files?.[0];
            if (file) send({ type: 'sheet.selected', file });
          }}
        />
      )}
      {view.reading ? (
        <div role="status">
          <progress className={s.progress} max={100} value={percent} aria-label={t`Lendo a planilha`} />
          <p className={s.muted}>
            <Trans>Lendo a planilha… {percent}%</Trans>
          </p>
        </div>
      ) : null}
      {view.previewing ? null : (
        <FormActions>
          <Button type="button" variant="ghost" onClick={() => send({ type: 'step.backRequested' })}>
            <Trans>Voltar</Trans>
          </Button>
        </FormActions>
      )}
    </>
  );
}

function SheetPreview({ view, send }: Props) {
  const { t, i18n } = useLingui();
  const issue = useIssueText(view.issues);
  const preview = view.preview!;
  const readyCount = preview.accepted;
  const refusedCount = preview.rejected.length;
  const accepted = formatNumber(readyCount);
  const refused = formatNumber(refusedCount);
  // The CSV writer (papaparse) loads when the buyer asks for the file, not with the page.
  const download = async () => {
    const { rejectedRowsCsv } = await import('../../../../contracts/rejected-rows-csv');
    const csv = rejectedRowsCsv(preview.rejected, [t`Linha`, t`Nome`, t`E-mail`, t`Problema`], (id) => i18n._(id));
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    link.download = t`linhas-recusadas.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <section aria-label={t`Prévia da planilha`} className={s.stack}>
      <p>
        <strong>{preview.fileName}</strong>:{' '}
        <Plural value={readyCount} one={`${accepted} recebedor pronto.`} other={`${accepted} recebedores prontos.`} />{' '}
        {preview.rejected.length > 0 ? (
          <Plural
            value={refusedCount}
            one={`${refused} linha recusada fica de fora:`}
            other={`${refused} linhas recusadas ficam de fora:`}
          />
        ) : null}
      </p>
      {preview.rejected.length > 0 ? (
        <>
          <div className={s.tableScroll}>
            <table className={s.table}>
              <caption className={s.muted}>
                <Trans>Linhas recusadas</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Linha</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Nome</Trans>
                  </th>
                  <th scope="col">
                    <Trans>E-mail</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Problema</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.rejected.slice(0, SHOWN_REJECTED).map((row) => (
                  <tr key={row.line}>
                    <th scope="row">{row.line}</th>
                    <td>{row.name}</td>
                    <td>{row.email}</td>
                    <td>{row.problems.map((id) => i18n._(id)).join(' · ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <Button type="button" variant="secondary" onClick={() => void download()}>
              <Trans>Baixar as linhas recusadas (csv)</Trans>
            </Button>
          </div>
        </>
      ) : null}
      {preview.sample.length > 0 ? (
        <p className={s.muted}>
          <Trans>Primeiros recebedores:</Trans> {preview.sample.map((r) => `${r.name} <${r.email}>`).join(', ')}
        </p>
      ) : null}
      {issue('sheet') ? <FormError>{issue('sheet')}</FormError> : null}
      {view.failure ? <FormError>{view.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
      <FormActions>
        <Button type="button" variant="ghost" onClick={() => send({ type: 'sheet.discarded' })} disabled={view.uploading}>
          <Trans>Escolher outro arquivo</Trans>
        </Button>
        <Button type="button" onClick={() => send({ type: 'sheet.confirmed' })} disabled={view.uploading}>
          {view.uploading ? (
            <Trans>Enviando a planilha…</Trans>
          ) : (
            <Plural value={readyCount} one={`Usar ${accepted} recebedor`} other={`Usar ${accepted} recebedores`} />
          )}
        </Button>
      </FormActions>
    </section>
  );
}

function CodesForm({ view, send }: Props) {
  const { t } = useLingui();
  const issue = useIssueText(view.issues);
  const { register, handleSubmit } = useForm<{ quantity: string }>({ defaultValues: { quantity: String(view.quantity ?? 100) } });
  const max = formatNumber(CORPORATE_MAX_QUANTITY);
  return (
    <Form
      aria-label={t`Quantidade de códigos`}
      noValidate
      onSubmit={handleSubmit(({ quantity }) =>
        send({ type: 'codes.submitted', quantity: /^\d+$/.test(quantity) ? Number(quantity) : quantity }),
      )}
    >
      <TextField
        label={t`Quantos cartões`}
        hint={t`De 1 a ${max}. Depois do pagamento você baixa os códigos em CSV e os cartões em PDF.`}
        type="number"
        min={1}
        max={CORPORATE_MAX_QUANTITY}
        required
        error={issue('quantity')}
        {...register('quantity')}
      />
      <StepActions onBack={() => send({ type: 'step.backRequested' })} />
    </Form>
  );
}
