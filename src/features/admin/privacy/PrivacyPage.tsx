import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DataRequest } from '../../../../contracts/organisation';
import { formatDateTime } from '../../../app';
import { Card, Select, TableScroll } from '../../../ui';
import { AdminPage } from '../AdminPage';
import { RETENTION_RULES } from './retention-rules';
import * as s from '../taxonomy/taxonomy.css';

export const DATA_REQUESTS_PAGE_SIZE = 20;

export interface DataRequestsData {
  requests: DataRequest[];
  total: number;
}

export interface DataRequestsFilter {
  kind?: DataRequest['kind'];
  page?: number;
}

const KIND_NAMES: Record<DataRequest['kind'], MessageDescriptor> = {
  export: msg`Cópia dos dados`,
  deletion: msg`Exclusão`,
};

const STATUS_NAMES: Record<DataRequest['status'], MessageDescriptor> = {
  awaiting_confirmation: msg`Aguardando confirmação por e-mail`,
  pending: msg`Na fila`,
  processing: msg`Em andamento`,
  ready: msg`Pronto para baixar`,
  completed: msg`Concluído`,
  expired: msg`Expirado`,
  failed: msg`Falhou`,
};

/** What the request came to, as its writer recorded it ("users: 1 · donations: 3"). */
const outcomeText = (outcome: DataRequest['outcome']): string =>
  outcome === null
    ? '—'
    : Object.entries(outcome)
        .map(([key, value]) => `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
        .join(' · ') || '—';

/**
 * /admin/privacy (MANAGE_USERS; docs/privacy.md, "DPO"): the LGPD requests, newest first, filtered by kind and a
 * page at a time in the URL (each reading is audited by the server), and how long each kind of data is kept.
 * `data` is null when the list could not be read.
 */
export function PrivacyPage({ data, filter }: { data: DataRequestsData | null; filter: DataRequestsFilter }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const page = filter.page ?? 0;
  const last = data ? Math.max(0, Math.ceil(data.total / DATA_REQUESTS_PAGE_SIZE) - 1) : 0;
  const requester = (request: DataRequest) =>
    request.requester.type === 'account'
      ? (request.requester.email ?? '—')
      : request.requester.type === 'removed'
        ? t`Doador removido`
        : t`Convidado (sem conta)`;
  return (
    <AdminPage path="/admin/privacy">
      <section aria-labelledby="data-requests-title" className={s.list}>
        <h2 id="data-requests-title">
          <Trans>Pedidos dos titulares</Trans>
        </h2>
        <div className={s.actions}>
          <Select
            label={t`Tipo de pedido`}
            value={filter.kind ?? ''}
            options={[
              { value: '', label: t`Todos` },
              { value: 'export', label: i18n._(KIND_NAMES.export) },
              { value: 'deletion', label: i18n._(KIND_NAMES.deletion) },
            ]}
            onChange={(event) => {
              const kind = event.target.value === 'export' || event.target.value === 'deletion' ? event.target.value : undefined;
              void navigate({ to: '/admin/privacy', search: { kind } });
            }}
          />
        </div>
        {data === null ? (
          <p className={s.muted}>
            <Trans>Não conseguimos carregar os pedidos agora.</Trans>
          </p>
        ) : data.requests.length === 0 ? (
          <p className={s.muted}>
            <Trans>Nenhum pedido por enquanto.</Trans>
          </p>
        ) : (
          <TableScroll label={t`Pedidos dos titulares`}>
            <table className={s.table}>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Pedido</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Titular</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Pedido em</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Concluído em</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Situação</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Resultado</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.requests.map((request) => {
                  const until = request.expires_at && request.status === 'ready' ? formatDateTime(request.expires_at) : null;
                  return (
                    <tr key={request.id}>
                      <td>{i18n._(KIND_NAMES[request.kind])}</td>
                      <td>{requester(request)}</td>
                      <td>{formatDateTime(request.requested_at)}</td>
                      <td>{request.completed_at ? formatDateTime(request.completed_at) : '—'}</td>
                      <td>
                        {i18n._(STATUS_NAMES[request.status])}
                        {until ? (
                          <span className={s.muted}>
                            {' '}
                            <Trans>até {until}</Trans>
                          </span>
                        ) : null}
                      </td>
                      <td>{outcomeText(request.outcome)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        )}
        <div className={s.actions}>
          {page > 0 ? (
            <Link to="/admin/privacy" search={{ ...filter, page: page - 1 }}>
              <Trans>Mais recentes</Trans>
            </Link>
          ) : null}
          {page < last ? (
            <Link to="/admin/privacy" search={{ ...filter, page: page + 1 }}>
              <Trans>Mais antigos</Trans>
            </Link>
          ) : null}
        </div>
      </section>
      <Card>
        <section aria-labelledby="retention-title">
          <h2 id="retention-title">
            <Trans>Por quanto tempo guardamos cada dado</Trans>
          </h2>
          <TableScroll label={t`Prazos de guarda`}>
            <table className={s.table}>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Dado</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Prazo</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Base</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {RETENTION_RULES.map((rule) => (
                  <tr key={rule.data.id}>
                    <th scope="row">{i18n._(rule.data)}</th>
                    <td>{i18n._(rule.kept)}</td>
                    <td>{i18n._(rule.why)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
      </Card>
    </AdminPage>
  );
}
