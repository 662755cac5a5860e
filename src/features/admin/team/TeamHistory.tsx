import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '../../../../contracts/admin-taxonomy';
import type { TeamMember } from '../../../../contracts/admin-team';
import { PERMISSIONS, type Permission } from '../../../../contracts/permissions';
import { formatDateTime, formatMoney } from '../../../app';
import { Select } from '../../../ui';
import { DataTable, Pager } from '../PagedTable';
import { AUDIT_ACTION_NAMES, auditActionName } from '../audit-action-names';
import { PERMISSION_NAMES } from './permission-names';
import * as s from '../taxonomy/taxonomy.css';

export const HISTORY_PAGE_SIZE = 20;

export interface TeamHistoryData {
  entries: AuditEntry[];
  total: number;
}

export interface HistoryFilter {
  member?: string;
  action?: string;
  page?: number;
}

type Values = {
  permissions?: string[];
  name?: string;
  merged_into?: string;
  campaigns_moved_to?: string;
  email?: string;
  amount?: number;
  reason?: string;
} | null;

/**
 * The change in a few words: the permissions before and after, a name's old and new, where things went,
 * a refund's amount and reason; otherwise what it was about, by name (never an id).
 */
function useChangeText() {
  const { i18n, t } = useLingui();
  const permissions = (list: string[] | undefined) =>
    (list ?? [])
      .filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p))
      .map((p) => i18n._(PERMISSION_NAMES[p]))
      .join(', ') || '—';
  return (entry: AuditEntry): string => {
    const before = entry.before as Values;
    const after = entry.after as Values;
    const subject = entry.subject_name ?? (entry.subject_id === '*' ? t`todas as categorias` : entry.subject_id);
    if (before?.permissions || after?.permissions) return `${permissions(before?.permissions)} → ${permissions(after?.permissions)}`;
    if (before?.name && after?.name && before.name !== after.name) return `${before.name} → ${after.name}`;
    if (after?.merged_into) return `${subject} → ${after.merged_into}`;
    if (after?.campaigns_moved_to) return `${subject} → ${after.campaigns_moved_to}`;
    if (typeof after?.amount === 'number') return `${subject} · ${formatMoney(after.amount)}${after.reason ? ` · ${after.reason}` : ''}`;
    return subject;
  };
}

/**
 * The team's history on /admin/team (docs/admin.md): every admin change, newest first, filtered by
 * member and by kind of change in the URL, a page at a time.
 */
export function TeamHistory({
  history,
  members,
  filter,
}: {
  history: TeamHistoryData | null;
  members: TeamMember[];
  filter: HistoryFilter;
}) {
  const { t, i18n } = useLingui();
  const changeText = useChangeText();
  const nameOf = (entry: AuditEntry) => entry.actor.name ?? entry.actor.email ?? t`conta removida`;
  return (
    <section aria-label={t`Histórico de alterações`} className={s.list}>
      <h2 className={s.muted}>
        <Trans>Histórico de alterações</Trans>
      </h2>
      <div className={s.actions}>
        <FilterSelect
          label={t`Membro`}
          value={filter.member ?? ''}
          options={[{ value: '', label: t`Todos` }, ...members.map((m) => ({ value: m.id, label: m.name }))]}
          search={(value) => ({ ...filter, member: value || undefined, page: undefined })}
        />
        <FilterSelect
          label={t`Alteração`}
          value={filter.action ?? ''}
          options={[
            { value: '', label: t`Todas` },
            ...Object.entries(AUDIT_ACTION_NAMES).map(([value, label]) => ({ value, label: i18n._(label) })),
          ]}
          search={(value) => ({ ...filter, action: value || undefined, page: undefined })}
        />
      </div>
      {history === null ? (
        <p className={s.muted}>
          <Trans>Não conseguimos carregar o histórico agora.</Trans>
        </p>
      ) : history.entries.length === 0 ? (
        <p className={s.muted}>
          <Trans>Nenhuma alteração com esses filtros.</Trans>
        </p>
      ) : (
        <DataTable
          label={t`Histórico de alterações`}
          columns={[<Trans>Quando</Trans>, <Trans>Quem</Trans>, <Trans>Alteração</Trans>, <Trans>O que mudou</Trans>]}
        >
          {history.entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.at)}</td>
              <td>
                {nameOf(entry)} <span className={s.muted}>({entry.ip})</span>
              </td>
              <td>{auditActionName(entry.action, (d) => i18n._(d))}</td>
              <td>{changeText(entry)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager
        page={filter.page ?? 0}
        total={history?.total ?? 0}
        pageSize={HISTORY_PAGE_SIZE}
        previous={<Trans>Mais recentes</Trans>}
        next={<Trans>Mais antigas</Trans>}
        link={(page, label) => (
          <Link to="/admin/team" search={{ ...filter, page }}>
            {label}
          </Link>
        )}
      />
    </section>
  );
}

/** A filter whose choice goes into the URL; the route then reads the history again. */
function FilterSelect({
  label,
  value,
  options,
  search,
}: {
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  search: (value: string) => HistoryFilter;
}) {
  const navigate = useNavigate();
  return (
    <Select
      label={label}
      value={value}
      options={options}
      onChange={(event) => void navigate({ to: '/admin/team', search: search(event.target.value) })}
    />
  );
}
