import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DataRequest } from '../../../../contracts/organisation';
import { formatDateTime } from '../../../app';
import { Card, Select } from '../../../ui';
import { AdminPage } from '../AdminPage';
import { DataTable, Pager } from '../PagedTable';
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
          <DataTable
            label={t`Pedidos dos titulares`}
            columns={[
              <Trans>Pedido</Trans>,
              <Trans>Titular</Trans>,
              <Trans>Pedido em</Trans>,
              <Trans>Concluído em</Trans>,
              <Trans>Situação</Trans>,
              <Trans>Resultado</Trans>,
            ]}
          >
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
          </DataTable>
        )}
        <Pager
          page={filter.page ?? 0}
          total={data?.total ?? 0}
          pageSize={DATA_REQUESTS_PAGE_SIZE}
          previous={<Trans>Mais recentes</Trans>}
          next={<Trans>Mais antigos</Trans>}
          link={(page, label) => (
            <Link to="/admin/privacy" search={{ ...filter, page }}>
              {label}
            </Link>
          )}
        />
      </section>
      <Card>
        <section aria-labelledby="retention-title">
          <h2 id="retention-title">
            <Trans>Por quanto tempo guardamos cada dado</Trans>
          </h2>
          <DataTable label={t`Prazos de guarda`} columns={[<Trans>Dado</Trans>, <Trans>Prazo</Trans>, <Trans>Base</Trans>]}>
            {RETENTION_RULES.map((rule) => (
              <tr key={rule.data.id}>
                <th scope="row">{i18n._(rule.data)}</th>
                <td>{i18n._(rule.kept)}</td>
                <td>{i18n._(rule.why)}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      </Card>
    </AdminPage>
  );
}
