import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { WalletStatementEntry } from '../../../contracts';
import type { StatementPage } from '../../../machines/wallet/wallet-page.machine';
import { formatDate, formatMoney } from '../../app/format';
import { Button, Card } from '../../ui';
import { kindLabels, originLabels } from './wallet-labels';
import * as s from './wallet.css';

/** '+R$ 50,00' for what came in, '-R$ 20,00' for what went out. */
export const signedMoney = (cents: number): string => (cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents));

function EntryDetail({ entry }: { entry: WalletStatementEntry }) {
  const { i18n } = useLingui();
  if (entry.campaign) {
    return (
      <Link to="/$slug" params={{ slug: entry.campaign.slug }}>
        {entry.campaign.title}
      </Link>
    );
  }
  if (entry.kind === 'donation' || entry.kind === 'automatic_donation') return <Trans>Fundo geral do Semear</Trans>;
  return entry.origin ? <>{i18n._(originLabels[entry.origin])}</> : null;
}

/** The wallet's movements, newest first, one page at a time. */
export function WalletStatement({
  statement,
  loading,
  onPage,
}: {
  statement: StatementPage;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useLingui();
  const pages = Math.max(1, Math.ceil(statement.total / statement.amount));
  const current = statement.page + 1;
  return (
    <Card aria-busy={loading}>
      <h2 className={s.sectionTitle}>
        <Trans>Extrato</Trans>
      </h2>
      {statement.entries.length === 0 ? (
        <p className={s.muted}>
          <Trans>Nenhuma movimentação ainda.</Trans>
        </p>
      ) : (
        <ul className={s.list}>
          {statement.entries.map((entry) => (
            <li key={entry.id} className={s.row}>
              <span className={s.rowMain}>
                <span className={s.rowTitle}>{i18n._(kindLabels[entry.kind])}</span>
                <span>
                  <EntryDetail entry={entry} />
                </span>
                <span className={s.muted}>{formatDate(entry.created_at)}</span>
              </span>
              <span className={entry.amount > 0 ? s.amountIn : s.amountOut}>{signedMoney(entry.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className={s.pager} aria-label={t`Páginas do extrato`}>
          <Button variant="ghost" disabled={loading || statement.page === 0} onClick={() => onPage(statement.page - 1)}>
            <Trans>Anterior</Trans>
          </Button>
          <span>
            <Trans>
              Página {current} de {pages}
            </Trans>
          </span>
          <Button variant="ghost" disabled={loading || current >= pages} onClick={() => onPage(statement.page + 1)}>
            <Trans>Próxima</Trans>
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}
