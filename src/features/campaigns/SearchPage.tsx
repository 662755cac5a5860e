import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { CampaignSummary, Category, SearchSearch, Tag } from '../../../contracts';
import type { Paged } from '../../lib/api/campaigns';
import { formatMoney, formatNumber, usePageTitle } from '../../app';
import { buttonClass, CampaignCard, cardGrid, Container, PageHeader, visuallyHidden } from '../../ui';
import { Pagination } from '../../app/navigation/Pagination';
import { SearchForm } from './SearchForm';
import * as s from './campaigns.css';

export interface SearchPageProps {
  search: SearchSearch;
  results: Paged<CampaignSummary>;
  categories: readonly Category[];
  tags: readonly Tag[];
}

/** /search: the form (query in the URL), how many campaigns matched, the results and their pages. */
export function SearchPage({ search, results, categories, tags }: SearchPageProps) {
  const { t } = useLingui();
  usePageTitle(search.q ? t`Busca: ${search.q}` : t`Encontre uma causa`);
  const filtered = Boolean(search.q || search.category || search.tag);
  const count = formatNumber(results.total);
  return (
    <Container>
      <PageHeader title={t`Encontre uma causa`} lead={t`Procure campanhas por nome, cidade ou causa.`} />
      <SearchForm key={JSON.stringify(search)} search={search} categories={categories} tags={tags} />
      <section className={s.results} aria-labelledby="search-results">
        <h2 id="search-results" className={visuallyHidden}>
          <Trans>Resultados</Trans>
        </h2>
        <p role="status" className={s.meta}>
          <Plural
            value={results.total}
            _0="Nenhuma campanha encontrada"
            one={`${count} campanha encontrada`}
            other={`${count} campanhas encontradas`}
          />
        </p>
        {results.items.length > 0 ? (
          <ul className={cardGrid.twoThenThree}>
            {results.items.map((campaign) => (
              <li key={campaign.id}>
                <CampaignCard campaign={campaign} formatMoney={formatMoney} formatNumber={formatNumber} />
              </li>
            ))}
          </ul>
        ) : (
          <div className={s.empty}>
            <p className={s.lead}>
              <Trans>Nenhuma campanha encontrada.</Trans>
            </p>
            <p className={s.meta}>
              <Trans>Tente outras palavras, confira a grafia ou veja todas as campanhas.</Trans>
            </p>
            {filtered || (search.page ?? 0) > 0 ? (
              <Link to="/search" className={buttonClass({ variant: 'secondary' })}>
                <Trans>Ver todas as campanhas</Trans>
              </Link>
            ) : null}
          </div>
        )}
        <Pagination page={results.page} total={results.total} amount={results.amount} />
      </section>
    </Container>
  );
}
