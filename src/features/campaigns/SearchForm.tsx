import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { CAMPAIGN_SORTS, type Category, type SearchSearch, type Tag } from '../../../contracts';
import { Button, Select, TextField } from '../../ui';
import * as s from './campaigns.css';

type Sort = (typeof CAMPAIGN_SORTS)[number];

/**
 * Text, category, tag and sort. The query lives in the URL: submitting navigates to /search with the
 * new filters (page back to the first), so reload, back and a shared link show the same search.
 * Mount it with a key of the current search so the fields follow back/forward.
 */
export function SearchForm({ search, categories, tags }: { search: SearchSearch; categories: readonly Category[]; tags: readonly Tag[] }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [q, setQ] = useState(search.q ?? '');
  const [category, setCategory] = useState(search.category ?? '');
  const [tag, setTag] = useState(search.tag ?? '');
  const [sort, setSort] = useState<Sort | ''>(search.sort ?? '');
  const sortNames: Record<Sort, string> = {
    relevance: t`Mais relevantes`,
    recent: t`Mais recentes`,
    most_raised: t`Mais arrecadadas`,
    ending_soon: t`Terminando em breve`,
  };
  return (
    <form
      role="search"
      aria-label={t`Buscar campanhas`}
      className={s.searchForm}
      onSubmit={(event) => {
        event.preventDefault();
        void navigate({
          to: '/search',
          search: { q: q.trim() || undefined, category: category || undefined, tag: tag || undefined, sort: sort || undefined },
        });
      }}
    >
      <TextField
        className={s.searchText}
        type="search"
        name="q"
        label={t`Buscar`}
        placeholder={t`Nome, cidade ou causa`}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <Select
        name="category"
        label={t`Causa`}
        placeholder={t`Todas as causas`}
        options={categories.map((c) => ({ value: c.slug, label: c.name }))}
        value={category}
        onChange={(e) => setCategory(e.target.value)}
      />
      <Select
        name="tag"
        label={t`Tag`}
        placeholder={t`Todas as tags`}
        options={tags.map((c) => ({ value: c.slug, label: c.name }))}
        value={tag}
        onChange={(e) => setTag(e.target.value)}
      />
      <Select
        name="sort"
        label={t`Ordenar por`}
        placeholder={t`Padrão`}
        options={CAMPAIGN_SORTS.map((value) => ({ value, label: sortNames[value] }))}
        value={sort}
        onChange={(e) => setSort(e.target.value as Sort | '')}
      />
      <Button type="submit">
        <Trans>Buscar</Trans>
      </Button>
    </form>
  );
}
