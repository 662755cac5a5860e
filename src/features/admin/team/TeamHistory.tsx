import { Link, useNavigate } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '../../../../contracts/admin-taxonomy';
import type { TeamMember } from '../../../../contracts/admin-team';
import { PERMISSIONS, type Permission } from '../../../../contracts/permissions';
import { formatDateTime } from '../../../app';
import { Select, TableScroll } from '../../../ui';
import { PERMISSION_NAMES } from './permission-names';
import * as s from '../taxonomy/taxonomy.css';

/** What each recorded action is called on the page. */
const ACTIONS: Record<string, MessageDescriptor> = {
  'member.invited': msg`Convite enviado`,
  'member.invitation_revoked': msg`Convite cancelado`,
  'member.joined': msg`Entrou na equipe`,
  'member.permissions_changed': msg`Permissões alteradas`,
  'member.removed': msg`Removido da equipe`,
  'category.created': msg`Categoria criada`,
  'category.renamed': msg`Categoria renomeada`,
  'category.reordered': msg`Categorias reordenadas`,
  'category.deleted': msg`Categoria apagada`,
  'tag.created': msg`Tag criada`,
  'tag.renamed': msg`Tag renomeada`,
  'tag.merged': msg`Tags juntadas`,
  'tag.deleted': msg`Tag apagada`,
};

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

type Values = { permissions?: string[]; name?: string; merged_into?: string; campaigns_moved_to?: string; email?: string } | null;

/** The change in a few words: the permissions before and after, a name's old and new, where things went. */
function useChangeText() {
  const { i18n } = useLingui();
  const permissions = (list: string[] | undefined) =>
    (list ?? [])
      .filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p))
      .map((p) => i18n._(PERMISSION_NAMES[p]))
      .join(', ') || '—';
  return (entry: AuditEntry): string => {
    const before = entry.before as Values;
    const after = entry.after as Values;
    if (before?.permissions || after?.permissions) return `${permissions(before?.permissions)} → ${permissions(after?.permissions)}`;
    if (before?.name && after?.name) return `${before.name} → ${after.name}`;
    if (after?.merged_into) return `${entry.subject_id} → ${after.merged_into}`;
    if (after?.campaigns_moved_to) return `${entry.subject_id} → ${after.campaigns_moved_to}`;
    return after?.name ?? before?.name ?? before?.email ?? entry.subject_id;
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
  const page = filter.page ?? 0;
  const last = history ? Math.max(0, Math.ceil(history.total / HISTORY_PAGE_SIZE) - 1) : 0;
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
          options={[{ value: '', label: t`Todas` }, ...Object.entries(ACTIONS).map(([value, label]) => ({ value, label: i18n._(label) }))]}
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
        <TableScroll label={t`Histórico de alterações`}>
          <table className={s.table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Quando</Trans>
                </th>
                <th scope="col">
                  <Trans>Quem</Trans>
                </th>
                <th scope="col">
                  <Trans>Alteração</Trans>
                </th>
                <th scope="col">
                  <Trans>O que mudou</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.at)}</td>
                  <td>
                    {nameOf(entry)} <span className={s.muted}>({entry.ip})</span>
                  </td>
                  <td>{ACTIONS[entry.action] ? i18n._(ACTIONS[entry.action]!) : entry.action}</td>
                  <td>{changeText(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <div className={s.actions}>
        {page > 0 ? (
          <Link to="/admin/team" search={{ ...filter, page: page - 1 }}>
            <Trans>Mais recentes</Trans>
          </Link>
        ) : null}
        {page < last ? (
          <Link to="/admin/team" search={{ ...filter, page: page + 1 }}>
            <Trans>Mais antigas</Trans>
          </Link>
        ) : null}
      </div>
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
