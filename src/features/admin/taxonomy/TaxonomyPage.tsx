import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, FormError, Spinner } from '../../../ui';
import { useListMachineView } from '../../../app/list-machine-view';
import { RetryNotice } from '../../../app/RetryNotice';
import { adminTaxonomyApi } from '../../../lib/api/admin-taxonomy';
import { AdminPage } from '../AdminPage';
import { NameForm } from './NameFields';
import { TaxonomyRow } from './TaxonomyRow';
import { movedOrder, taxonomyListMachine } from '../../../../machines/admin/taxonomy-list.machine';
import * as s from './taxonomy.css';

/**
 * /admin/categories and /admin/tags: create, rename, reorder (categories), merge (tags) and delete,
 * each change saved at once and the list read again (the taxonomy list machine, machines/admin).
 */
export function TaxonomyPage({ kind }: { kind: 'categories' | 'tags' }) {
  const { t, i18n } = useLingui();
  const [view, send] = useListMachineView(taxonomyListMachine, {
    load: () => adminTaxonomyApi.list(kind),
    run: (command) => adminTaxonomyApi.run(kind, command),
  });
  const items = view.data;
  const [moved, setMoved] = useState<{ slug: string; by: -1 | 1 } | null>(null);
  const refocused = useCallback(() => setMoved(null), []);
  const path = kind === 'categories' ? '/admin/categories' : '/admin/tags';
  return (
    <AdminPage path={path}>
      <Card>
        <NameForm
          // A fresh form after each creation.
          key={view.done === 'create' ? `created-${items.length}` : 'new'}
          label={kind === 'categories' ? t`Nova categoria` : t`Nova tag`}
          submitLabel={kind === 'categories' ? t`Criar categoria` : t`Criar tag`}
          busy={view.busy}
          onSubmit={(input) => send({ type: 'command.sent', command: { type: 'create', input } })}
        />
      </Card>
      <div aria-live="polite">
        {view.failure ? <FormError>{view.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
        {view.done && !view.failure ? (
          <p role="status" className={s.muted}>
            <Trans>Alteração salva.</Trans>
          </p>
        ) : null}
      </div>
      {view.unavailable ? (
        <RetryNotice onRetry={() => send({ type: 'list.retried' })}>
          <Trans>Não conseguimos carregar a lista agora.</Trans>
        </RetryNotice>
      ) : view.loading && items.length === 0 ? (
        <Spinner label={t`Carregando`} />
      ) : (
        <ul className={s.list} aria-label={kind === 'categories' ? t`Categorias` : t`Tags`} aria-busy={view.saving || view.loading}>
          {items.map((item, index) => (
            <TaxonomyRow
              key={`${item.slug}-${item.name}-${item.campaign_count}`}
              kind={kind}
              item={item}
              others={items.filter((other) => other.slug !== item.slug)}
              first={index === 0}
              last={index === items.length - 1}
              busy={view.busy}
              send={send}
              moved={moved?.slug === item.slug ? moved.by : null}
              onMove={(by) => {
                setMoved({ slug: item.slug, by });
                send({ type: 'command.sent', command: { type: 'reorder', slugs: movedOrder(items, item.slug, by) } });
              }}
              onRefocused={refocused}
            />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
