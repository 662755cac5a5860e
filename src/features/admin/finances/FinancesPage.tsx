import { lazy, Suspense } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { FINANCE_PRESETS, type FinanceFigures, type FinancePreset, type FinanceReport } from '../../../../contracts/admin-finances';
import { paymentMethodNames } from '../../../../contracts/admin-messages';
import { formatMoney, formatNumber, htmlLang, useLocale } from '../../../app';
import { Button, Card, Form, Spinner, TextField } from '../../../ui';
import { AdminPage } from '../AdminPage';
import { change } from './finance-change';
import { ExportPanel } from '../ExportPanel';
import * as s from '../taxonomy/taxonomy.css';

const DailyChart = lazy(() => import('./DailyChart'));

const PRESET_NAMES: Record<FinancePreset, MessageDescriptor> = {
  this_month: msg`Este mês`,
  last_month: msg`Mês passado`,
  last_30_days: msg`Últimos 30 dias`,
  this_year: msg`Este ano`,
};
const METHOD_NAMES: Record<string, MessageDescriptor> = paymentMethodNames;

/**
 * /admin/finances: a period's money from the ledger — gross, fees, refunds and net with their change
 * against the previous period, by method, campaign and category, monthly giving, what Semear holds for
 * others, gross by day in a chart — and the period's ledger lines as CSV or XLSX, whose sums are these figures.
 */
export function FinancesPage({ report, preset }: { report: FinanceReport | null; preset: FinancePreset | null }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  return (
    <AdminPage path="/admin/finances">
      <nav aria-label={t`Períodos`} className={s.actions}>
        {FINANCE_PRESETS.map((p) => (
          <Link key={p} to="/admin/finances" search={{ preset: p }} aria-current={preset === p ? 'page' : undefined}>
            {i18n._(PRESET_NAMES[p])}
          </Link>
        ))}
      </nav>
      <Form
        // The fields show the period whose figures are shown: a new period's report sets them again.
        key={report ? `${report.period.from}/${report.period.to}` : 'none'}
        aria-label={t`Outro período`}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          void navigate({ to: '/admin/finances', search: { from: String(data.get('from')), to: String(data.get('to')) } });
        }}
      >
        <div className={s.actions}>
          <TextField label={t`De`} type="date" name="from" defaultValue={report?.period.from} required />
          <TextField label={t`Até`} type="date" name="to" defaultValue={report?.period.to} required />
          <Button type="submit" variant="secondary">
            <Trans>Ver período</Trans>
          </Button>
        </div>
      </Form>
      {report === null ? (
        <p className={s.muted}>
          <Trans>Não conseguimos carregar as finanças agora.</Trans>
        </p>
      ) : (
        <Report report={report} />
      )}
    </AdminPage>
  );
}

function Report({ report }: { report: FinanceReport }) {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const { figures, previous } = report;
  const card = (label: string, key: 'gross' | 'fees' | 'refunds' | 'net') => (
    <Card key={key} aria-label={label} role="group">
      <p className={s.muted}>{label}</p>
      <p data-testid={`figure-${key}`}>
        <strong>{formatMoney(figures[key])}</strong>
      </p>
      <p className={s.muted}>{t`${change(figures[key], previous[key])} em relação ao período anterior`}</p>
    </Card>
  );
  const table = (caption: string, rows: FinanceFigures['by_method'], name: (key: string, label: string) => string) => (
    <table className={s.table} aria-label={caption}>
      <thead>
        <tr>
          <th scope="col">{caption}</th>
          <th scope="col">{t`Doações`}</th>
          <th scope="col">{t`Bruto`}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{name(row.key, row.label)}</th>
            <td>{formatNumber(row.count)}</td>
            <td>{formatMoney(row.gross)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  const churn = `${(figures.monthly.churn_rate * 100).toFixed(1).replace('.', ',')}%`;
  return (
    <>
      <div className={s.actions}>
        {card(t`Bruto arrecadado`, 'gross')}
        {card(t`Taxas`, 'fees')}
        {card(t`Reembolsos`, 'refunds')}
        {card(t`Líquido`, 'net')}
      </div>
      <ExportPanel kind="finances" formats={['csv', 'xlsx']} params={report.period} />
      <Card>
        <h2>
          <Trans>Arrecadado por dia</Trans>
        </h2>
        <Suspense fallback={<Spinner label={t`Carregando o gráfico`} />}>
          <DailyChart period={report.period} daily={report.daily} label={t`Arrecadado por dia, em reais`} locale={htmlLang(locale)} />
        </Suspense>
      </Card>
      {table(t`Meio`, figures.by_method, (key) => (METHOD_NAMES[key] ? i18n._(METHOD_NAMES[key] as MessageDescriptor) : key))}
      {table(t`Campanha`, figures.by_campaign, (key, label) => (key === 'general_fund' ? t`Fundo geral` : label))}
      {table(t`Categoria`, figures.by_category, (key, label) => (key === 'none' ? t`Sem categoria` : label))}
      <Card>
        <h2>
          <Trans>Doação mensal</Trans>
        </h2>
        <ul className={s.list}>
          <li>{t`Doadores ativos: ${formatNumber(figures.monthly.active_donors)}`}</li>
          <li>{t`Receita mensal recorrente: ${formatMoney(figures.monthly.mrr)}`}</li>
          <li>{t`Cancelamentos: ${formatNumber(figures.monthly.churned)} (${churn})`}</li>
          <li>{t`Cobranças recuperadas depois de falhar: ${formatNumber(figures.monthly.failed_charges_recovered)}`}</li>
        </ul>
      </Card>
      <Card>
        <h2>
          <Trans>O que guardamos para outros</Trans>
        </h2>
        <ul className={s.list}>
          <li>{t`Crédito nas carteiras: ${formatMoney(report.liabilities.wallet_credit)}`}</li>
          <li>{t`Saldo de gift cards: ${formatMoney(report.liabilities.gift_card_balances)}`}</li>
          <li>{t`Doado automaticamente nos próximos 30 dias: ${formatMoney(report.liabilities.auto_donation_next_30_days)}`}</li>
        </ul>
      </Card>
    </>
  );
}
