import { useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Link, useNavigate } from '@tanstack/react-router';
import type { AdminDonationRow } from '../../../../contracts/admin-donations';
import { donationStatusNames, paymentMethodNames } from '../../../../contracts/admin-messages';
import type { DonationStatus, PaymentMethod } from '../../../../contracts/donations';
import { formatDateTime, formatMoney, formatNumber } from '../../../app';
import { Button, Form, Select, TextField, TableScroll } from '../../../ui';
import { AdminPage } from '../AdminPage';
import { ExportPanel } from '../ExportPanel';
import { DonationDetail } from './DonationDetail';
import * as s from '../taxonomy/taxonomy.css';

export const DONATIONS_PAGE_SIZE = 20;

export interface AdminDonationsFilter {
  q?: string;
  status?: DonationStatus;
  method?: PaymentMethod;
  campaign?: string;
  from?: string;
  to?: string;
  min?: number;
  max?: number;
  page?: number;
  donation?: string;
}

export const STATUS_NAMES: Record<DonationStatus, MessageDescriptor> = donationStatusNames;
export const METHOD_NAMES: Record<PaymentMethod, MessageDescriptor> = paymentMethodNames;

/**
 * /admin/donations: every donation, filtered by campaign, method, status, period, amount and donor, the
 * filters in the URL (a filtered list can be shared); one opens with its whole history and refunds.
 */
export function AdminDonationsPage({
  list,
  filter,
}: {
  list: { rows: AdminDonationRow[]; total: number } | null;
  filter: AdminDonationsFilter;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [q, setQ] = useState(filter.q ?? '');
  const go = (next: AdminDonationsFilter) =>
    void navigate({ to: '/admin/donations', search: { ...next, page: undefined, donation: undefined } });
  const page = filter.page ?? 0;
  const last = list ? Math.max(0, Math.ceil(list.total / DONATIONS_PAGE_SIZE) - 1) : 0;
  const total = formatNumber(list?.total ?? 0);
  const { page: _page, donation: _open, ...exportFilter } = filter;
  return (
    <AdminPage path="/admin/donations">
      <Form
        aria-label={t`Filtrar doações`}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const cents = (name: string) => {
            const text = String(data.get(name) ?? '')
              .trim()
              .replace(/\./g, '')
              .replace(',', '.');
            return text && Number.isFinite(Number(text)) ? Math.round(Number(text) * 100) : undefined;
          };
          go({
            ...filter,
            q: q.trim() || undefined,
            campaign: String(data.get('campaign') ?? '').trim() || undefined,
            from: String(data.get('from') ?? '') || undefined,
            to: String(data.get('to') ?? '') || undefined,
            min: cents('min'),
            max: cents('max'),
          });
        }}
      >
        <div className={s.actions}>
          <TextField label={t`Doador (nome, e-mail, CPF ou CNPJ)`} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          <TextField label={t`Campanha (endereço)`} name="campaign" defaultValue={filter.campaign ?? ''} />
          <Select
            label={t`Situação`}
            value={filter.status ?? ''}
            options={[
              { value: '', label: t`Todas` },
              ...Object.entries(STATUS_NAMES).map(([value, name]) => ({ value, label: i18n._(name) })),
            ]}
            onChange={(e) => go({ ...filter, status: (e.target.value || undefined) as DonationStatus | undefined })}
          />
          <Select
            label={t`Meio`}
            value={filter.method ?? ''}
            options={[
              { value: '', label: t`Todos` },
              ...Object.entries(METHOD_NAMES).map(([value, name]) => ({ value, label: i18n._(name) })),
            ]}
            onChange={(e) => go({ ...filter, method: (e.target.value || undefined) as PaymentMethod | undefined })}
          />
          <TextField label={t`De`} type="date" name="from" defaultValue={filter.from ?? ''} />
          <TextField label={t`Até`} type="date" name="to" defaultValue={filter.to ?? ''} />
          <TextField
            label={t`Valor mínimo (R$)`}
            name="min"
            inputMode="decimal"
            defaultValue={filter.min ? String(filter.min / 100) : ''}
          />
          <TextField
            label={t`Valor máximo (R$)`}
            name="max"
            inputMode="decimal"
            defaultValue={filter.max ? String(filter.max / 100) : ''}
          />
        </div>
        <div>
          <Button type="submit" variant="secondary">
            <Trans>Filtrar</Trans>
          </Button>
        </div>
      </Form>
      <ExportPanel kind="donations" formats={['csv']} params={exportFilter} variant="ghost" />
      {filter.donation ? <DonationDetail key={filter.donation} id={filter.donation} /> : null}
      {list === null ? (
        <p className={s.muted}>
          <Trans>Não conseguimos carregar as doações agora.</Trans>
        </p>
      ) : (
        <>
          <p className={s.muted} role="status">
            <Plural value={list.total} _0="Nenhuma doação" one={`${total} doação`} other={`${total} doações`} />
          </p>
          <TableScroll label={t`Doações`}>
            <table className={s.table} aria-label={t`Doações`}>
              <thead>
                <tr>
                  <th scope="col">{t`Doador`}</th>
                  <th scope="col">{t`Valor`}</th>
                  <th scope="col">{t`Campanha`}</th>
                  <th scope="col">{t`Meio`}</th>
                  <th scope="col">{t`Situação`}</th>
                  <th scope="col">{t`Data`}</th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">
                      <Link to="/admin/donations" search={{ ...filter, donation: row.id }}>
                        {row.donor.name || row.donor.email}
                      </Link>
                      <br />
                      <span className={s.muted}>{row.donor.email}</span>
                    </th>
                    <td>
                      {formatMoney(row.amount)}
                      {row.refunded > 0 ? (
                        <>
                          <br />
                          <span className={s.muted}>{t`reembolsado ${formatMoney(row.refunded)}`}</span>
                        </>
                      ) : null}
                    </td>
                    <td>{row.campaign?.title ?? t`Fundo geral`}</td>
                    <td>{i18n._(METHOD_NAMES[row.method])}</td>
                    <td>{i18n._(STATUS_NAMES[row.status])}</td>
                    <td>{formatDateTime(row.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <nav aria-label={t`Páginas`} className={s.actions}>
            {page > 0 ? (
              <Link to="/admin/donations" search={{ ...filter, page: page - 1 }}>
                <Trans>Anterior</Trans>
              </Link>
            ) : null}
            {page < last ? (
              <Link to="/admin/donations" search={{ ...filter, page: page + 1 }}>
                <Trans>Próxima</Trans>
              </Link>
            ) : null}
          </nav>
        </>
      )}
    </AdminPage>
  );
}
