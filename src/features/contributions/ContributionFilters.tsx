import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import {
  CONTRIBUTION_PERIODS,
  CONTRIBUTION_STATUSES,
  CONTRIBUTION_TYPES,
  type ContributionsRouteSearch,
} from '../../../contracts/contributions-search';
import { Button, Select } from '../../ui';
import { PERIOD_LABELS, STATUS_LABELS, TYPE_LABELS } from './labels';
import * as s from './contributions.css';

/** This year and the two before, in America/Sao_Paulo (a donor around New Year sees the right one). */
function recentYears(now: Date): string[] {
  const year = Number(new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(now));
  return [year, year - 1, year - 2].map(String);
}

/** Type, status and period live in the URL: a change navigates (back, reload and shared links keep them) and goes to the first page. */
export function ContributionFilters({ search, now = new Date() }: { search: ContributionsRouteSearch; now?: Date }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const change = (key: 'type' | 'status' | 'period', value: string) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, [key]: value === '' ? undefined : value, page: undefined }),
    });
  const years = recentYears(now);
  const periods = [
    ...CONTRIBUTION_PERIODS,
    ...years,
    ...(search.period && !years.includes(search.period) && !(CONTRIBUTION_PERIODS as readonly string[]).includes(search.period)
      ? [search.period]
      : []),
  ];
  const filtered = Boolean(search.type || search.status || search.period);
  return (
    <form className={s.filters} role="search" aria-label={t`Filtrar contribuições`} onSubmit={(event) => event.preventDefault()}>
      <Select
        label={t`Tipo`}
        placeholder={t`Todos os tipos`}
        value={search.type ?? ''}
        options={CONTRIBUTION_TYPES.map((type) => ({ value: type, label: i18n._(TYPE_LABELS[type]) }))}
        onChange={(event) => change('type', event.target.value)}
      />
      <Select
        label={t`Situação`}
        placeholder={t`Todas as situações`}
        value={search.status ?? ''}
        options={CONTRIBUTION_STATUSES.map((status) => ({ value: status, label: i18n._(STATUS_LABELS[status]) }))}
        onChange={(event) => change('status', event.target.value)}
      />
      <Select
        label={t`Período`}
        placeholder={t`Desde o início`}
        value={search.period ?? ''}
        options={periods.map((period) => ({
          value: period,
          label: period in PERIOD_LABELS ? i18n._(PERIOD_LABELS[period as keyof typeof PERIOD_LABELS]) : period,
        }))}
        onChange={(event) => change('period', event.target.value)}
      />
      {filtered ? (
        <Button type="button" variant="secondary" onClick={() => void navigate({ to: '.', search: {} })}>
          {t`Limpar filtros`}
        </Button>
      ) : null}
    </form>
  );
}
