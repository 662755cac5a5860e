import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import type { SearchSearch } from '../../../contracts';
import { Button, chipClass, Form, TextField } from '../../ui';
import { CAUSES } from '../../app/causes';
import { PlaceholderPage } from './PlaceholderPage';
import * as s from './pages.css';

/** Search form kept in the URL (?q=&category=); results arrive with the campaigns API. */
export function SearchPage({ search }: { search: SearchSearch }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [q, setQ] = useState(search.q ?? '');
  return (
    <PlaceholderPage title={t`Encontre uma causa`} lead={t`Procure campanhas por nome, cidade ou causa.`}>
      <Form
        role="search"
        className={s.searchForm}
        onSubmit={(event) => {
          event.preventDefault();
          void navigate({ to: '/search', search: { ...search, q: q.trim() || undefined, page: undefined } });
        }}
      >
        <TextField className={s.searchField} type="search" name="q" label={t`Buscar`} value={q} onChange={(e) => setQ(e.target.value)} />
        <Button type="submit">
          <Trans>Buscar</Trans>
        </Button>
      </Form>
      <nav aria-label={t`Causas`}>
        <ul className={s.chips}>
          {CAUSES.map((cause) => (
            <li key={cause.slug}>
              <Link to="/search" search={{ ...search, category: cause.slug }} className={chipClass}>
                {i18n._(cause.name)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {search.q || search.category ? (
        <p role="status">
          <Trans>Estamos reunindo as campanhas desta busca. Volte em instantes.</Trans>
        </p>
      ) : null}
    </PlaceholderPage>
  );
}
