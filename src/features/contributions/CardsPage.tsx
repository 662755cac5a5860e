import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { SavedCard } from '../../../contracts/cards';
import { usePageTitle } from '../../app/page-title';
import type { CardsApi } from '../../lib/api/cards';
import { Button, buttonClass, Container, PageHeader } from '../../ui';
import { useCardsFlow } from './cards-provider';
import { cardBrandName } from '../../../contracts/cards';
import * as s from './contributions.css';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** /profile/cards: the donor's saved cards (tokens only), the default one marked, set default, remove. */
export function CardsPage({ cards: initialCards, api }: { cards: SavedCard[]; api?: CardsApi }) {
  const { t } = useLingui();
  usePageTitle(t`Cartões salvos`);
  const { view, setDefault, remove } = useCardsFlow(initialCards, api);
  const { cards, busy } = view;
  return (
    <Container className={s.page}>
      <PageHeader
        title={t`Cartões salvos`}
        lead={t`Os cartões que você guardou para doar mais rápido. Guardamos só a bandeira e os últimos dígitos.`}
      />
      {cards.length > 0 ? (
        <ul className={s.list} aria-label={t`Seus cartões`} aria-busy={busy}>
          {cards.map((card) => {
            const name = `${cardBrandName(card.brand)} •••• ${card.last4}`;
            const expiry = `${twoDigits(card.exp_month)}/${card.exp_year}`;
            return (
              <li key={card.id} className={s.cardRow} aria-label={name}>
                <div>
                  <p className={s.cardTitle}>
                    {name}
                    {card.is_default ? (
                      <span className={s.defaultChip}>
                        <Trans>Padrão</Trans>
                      </span>
                    ) : null}
                  </p>
                  <p className={s.meta}>
                    <Trans>
                      Validade {expiry} · {card.holder_name}
                    </Trans>
                  </p>
                </div>
                <div className={s.itemActions}>
                  {card.is_default ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy}
                      loading={view.settingDefaultId === card.id}
                      aria-label={t`Tornar padrão: ${name}`}
                      onClick={() => setDefault(card.id)}
                    >
                      <Trans>Tornar padrão</Trans>
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={busy}
                    loading={view.removingId === card.id}
                    aria-label={t`Remover: ${name}`}
                    onClick={() => remove(card.id)}
                  >
                    <Trans>Remover</Trans>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className={s.empty}>
          <p className={s.what}>
            <Trans>Você não tem cartões salvos.</Trans>
          </p>
          <p className={s.meta}>
            <Trans>Na próxima doação com cartão, marque "Salvar este cartão" para doar mais rápido depois.</Trans>
          </p>
          <Link to="/search" className={buttonClass({ variant: 'secondary' })}>
            <Trans>Encontrar uma causa</Trans>
          </Link>
        </div>
      )}
    </Container>
  );
}
