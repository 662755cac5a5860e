import { Trans, useLingui } from '@lingui/react/macro';
import type { DocumentVerification } from '../../../contracts/statements';
import { formatDate, formatMoney } from '../../app/format';
import { Card } from '../../ui';
import { PlaceholderPage } from './PlaceholderPage';
import * as s from './pages.css';

/** '12ABC34501DE35' → '12.ABC.345/01DE-35'. */
const cnpjText = (cnpj: string): string =>
  cnpj.length === 14 ? `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}` : cnpj;

/**
 * /recibos/{code} (docs/privacy.md, "Statements and declarations"): whether a statement or declaration with this
 * verification code was issued, and what it says — the NGO, the kind, the year, the total and the issue date —
 * never whom it names.
 */
export function DocumentVerificationPage({
  code,
  verification,
}: {
  code: string;
  verification: DocumentVerification | 'unknown' | 'failed';
}) {
  const { t } = useLingui();
  const kinds: Record<DocumentVerification['kind'], string> = {
    statement: t({ id: 'recibos.kind.statement', message: 'Comprovante anual de doações' }),
    company_declaration_year: t({ id: 'recibos.kind.declaration_year', message: 'Declaração de doações de empresa (ano)' }),
    company_declaration_donation: t({ id: 'recibos.kind.declaration_donation', message: 'Declaração de doação de empresa' }),
  };
  const title = t({ id: 'recibos.title', message: 'Verificação de documento' });
  if (verification === 'unknown' || verification === 'failed') {
    return (
      <PlaceholderPage title={title} lead={t({ id: 'recibos.code_lead', message: `Código ${code}` })}>
        <p role="alert" className={s.prose}>
          {verification === 'unknown' ? (
            <Trans id="recibos.unknown">
              Nenhum documento emitido tem este código. Confira se ele foi digitado como aparece no documento, por exemplo 7KQ4-M2XD-9TBA.
            </Trans>
          ) : (
            <Trans id="recibos.failed">Não foi possível verificar o código agora. Tente de novo em alguns minutos.</Trans>
          )}
        </p>
      </PlaceholderPage>
    );
  }
  return (
    <PlaceholderPage title={title} lead={t({ id: 'recibos.genuine', message: 'Este documento é autêntico: foi emitido pelo Semear.' })}>
      <Card>
        <dl className={s.prose} aria-label={title}>
          <dt>
            <Trans id="recibos.code">Código de verificação</Trans>
          </dt>
          <dd>{verification.code}</dd>
          <dt>
            <Trans id="recibos.organisation">Organização</Trans>
          </dt>
          <dd>
            {verification.organisation.legal_name} · CNPJ {cnpjText(verification.organisation.cnpj)}
          </dd>
          <dt>
            <Trans id="recibos.kind">Documento</Trans>
          </dt>
          <dd>{kinds[verification.kind]}</dd>
          <dt>
            <Trans id="recibos.year">Ano</Trans>
          </dt>
          <dd>{verification.year}</dd>
          <dt>
            <Trans id="recibos.total">Total</Trans>
          </dt>
          <dd>{formatMoney(verification.total)}</dd>
          <dt>
            <Trans id="recibos.issued_at">Emitido em</Trans>
          </dt>
          <dd>{formatDate(verification.issued_at)}</dd>
        </dl>
      </Card>
      <p className={s.prose}>
        <Trans id="recibos.privacy">Por privacidade, esta página não mostra quem é o doador nem as doações de que o documento trata.</Trans>
      </p>
    </PlaceholderPage>
  );
}
