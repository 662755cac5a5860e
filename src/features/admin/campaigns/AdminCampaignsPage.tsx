import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { AdminCampaignRow } from '../../../../contracts/admin-campaigns';
import type { CampaignStatus } from '../../../../contracts/campaigns';
import type { TaxonomyItem } from '../../../../machines/admin/taxonomy-list.machine';
import { formatDate, formatMoney, formatNumber } from '../../../app';
import { Button, buttonClass, Form, Select, TextField } from '../../../ui';
import { AdminPage } from '../AdminPage';
import { DataTable, Pager } from '../PagedTable';
import { CAMPAIGN_STATUS_NAMES } from '../campaign-status-names';
import { taxonomyOptions } from '../taxonomy-names';
import * as s from '../taxonomy/taxonomy.css';

export const CAMPAIGNS_PAGE_SIZE = 20;

export interface AdminCampaignsFilter {
  q?: string;
  status?: CampaignStatus;
  category?: string;
  sort?: 'relevance' | 'recent' | 'most_raised' | 'ending_soon';
  page?: number;
}

/**
 * /admin/campaigns: every campaign, drafts included, with what it raised against its goal and how many
 * gave; search, status, category and order live in the URL, so a filtered list can be shared and kept.
 */
export function AdminCampaignsPage({
  list,
  categories,
  filter,
}: {
  list: { rows: AdminCampaignRow[]; total: number } | null;
  categories: TaxonomyItem[];
  filter: AdminCampaignsFilter;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [q, setQ] = useState(filter.q ?? '');
  const go = (next: AdminCampaignsFilter) => void navigate({ to: '/admin/campaigns', search: { ...next, page: undefined } });
  const total = formatNumber(list?.total ?? 0);
  return (
    <AdminPage path="/admin/campaigns">
      <div>
        <Link to="/admin/campaigns/new" className={buttonClass({ variant: 'primary' })}>
          <Trans>Nova campanha</Trans>
        </Link>
      </div>
      <Form
        aria-label={t`Buscar campanhas`}
        onSubmit={(event) => {
          event.preventDefault();
          go({ ...filter, q: q.trim() || undefined });
        }}
      >
        <div className={s.actions}>
          <TextField label={t`Buscar`} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
          <Select
            label={t`Status`}
            value={filter.status ?? ''}
            options={[
              { value: '', label: t`Todos` },
              ...Object.entries(CAMPAIGN_STATUS_NAMES).map(([value, name]) => ({ value, label: i18n._(name) })),
            ]}
            onChange={(event) => go({ ...filter, status: (event.target.value || undefined) as CampaignStatus | undefined })}
          />
          <Select
            label={t`Categoria`}
            value={filter.category ?? ''}
            options={[{ value: '', label: t`Todas` }, ...taxonomyOptions(categories, i18n.locale)]}
            onChange={(event) => go({ ...filter, category: event.target.value || undefined })}
          />
          <Select
            label={t`Ordem`}
            value={filter.sort ?? 'relevance'}
            options={[
              { value: 'relevance', label: t`Relevância` },
              { value: 'recent', label: t`Mais recentes` },
              { value: 'most_raised', label: t`Mais arrecadadas` },
              { value: 'ending_soon', label: t`Terminando antes` },
            ]}
            onChange={(event) => go({ ...filter, sort: event.target.value as AdminCampaignsFilter['sort'] })}
          />
        </div>
        <div>
          <Button type="submit" variant="secondary">
            <Trans>Buscar</Trans>
          </Button>
        </div>
      </Form>
      {list === null ? (
        <p className={s.muted}>
          <Trans>Não conseguimos carregar as campanhas agora.</Trans>
        </p>
      ) : (
        <>
          <p className={s.muted} role="status">
            <Plural value={list.total} _0="Nenhuma campanha" one={`${total} campanha`} other={`${total} campanhas`} />
          </p>
          <DataTable
            label={t`Campanhas`}
            tableLabel={t`Campanhas`}
            columns={[
              <Trans>Campanha</Trans>,
              <Trans>Status</Trans>,
              <Trans>Categoria</Trans>,
              <Trans>Arrecadado / meta</Trans>,
              <Trans>Doadores</Trans>,
              <Trans>Termina</Trans>,
            ]}
          >
            {list.rows.map((row) => (
              <tr key={row.slug}>
                <th scope="row">
                  <Link to="/admin/campaigns/edit" search={{ slug: row.slug }}>
                    {row.title}
                  </Link>
                </th>
                <td>{i18n._(CAMPAIGN_STATUS_NAMES[row.status])}</td>
                <td>{row.category?.name ?? '—'}</td>
                <td>
                  {formatMoney(row.raised)} / {row.goal === null ? '—' : formatMoney(row.goal)}
                </td>
                <td>{formatNumber(row.donors)}</td>
                <td>{row.last_day ? formatDate(row.last_day) : '—'}</td>
              </tr>
            ))}
          </DataTable>
          <Pager
            page={filter.page ?? 0}
            total={list.total}
            pageSize={CAMPAIGNS_PAGE_SIZE}
            previous={<Trans>Página anterior</Trans>}
            next={<Trans>Próxima página</Trans>}
            link={(page, label) => (
              <Link to="/admin/campaigns" search={{ ...filter, page }}>
                {label}
              </Link>
            )}
          />
        </>
      )}
    </AdminPage>
  );
}
