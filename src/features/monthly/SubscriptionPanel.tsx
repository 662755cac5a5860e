import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Subscription, SubscriptionCharge } from '../../../contracts';
import { formatDate, formatMoney } from '../../app';
import { Button, buttonClass, Card, Notice, Spinner, Stack } from '../../ui';
import { RetryNotice } from '../../app/RetryNotice';
import { AmountEditor, CardPicker } from './SubscriptionEditors';
import { useSubscriptionPanel, type SubscriptionPanelServices } from './subscription-panel-provider';
import { cardLabel, chargeSituationText, subscriptionStatusText } from './status-text';
import * as s from './monthly.css';

function SubscriptionFacts({ subscription }: { subscription: Subscription }) {
  const { i18n } = useLingui();
  const { status } = subscription;
  return (
    <dl className={s.facts}>
      <dt className={s.term}>
        <Trans>Valor por mês</Trans>
      </dt>
      <dd className={s.definition}>{formatMoney(subscription.amount)}</dd>
      {subscription.payment_method === 'pix_automatico' ? (
        <>
          <dt className={s.term}>
            <Trans>Forma de pagamento</Trans>
          </dt>
          <dd className={s.definition}>
            <Trans>Pix Automático</Trans>
          </dd>
        </>
      ) : (
        <>
          <dt className={s.term}>
            <Trans>Cartão</Trans>
          </dt>
          <dd className={s.definition}>{subscription.card ? cardLabel(subscription.card) : '—'}</dd>
        </>
      )}
      <dt className={s.term}>
        <Trans>Situação</Trans>
      </dt>
      <dd className={s.definition}>
        <span className={s.status} data-status={status} data-testid="subscription-status">
          {i18n._(subscriptionStatusText[status])}
        </span>
      </dd>
      {subscription.next_charge_at ? (
        <>
          <dt className={s.term}>{status === 'past_due' ? <Trans>Nova tentativa</Trans> : <Trans>Próxima cobrança</Trans>}</dt>
          <dd className={s.definition}>{formatDate(subscription.next_charge_at)}</dd>
        </>
      ) : null}
    </dl>
  );
}

function ChargeList({ charges }: { charges: SubscriptionCharge[] }) {
  const { t, i18n } = useLingui();
  if (charges.length === 0) return null;
  return (
    <table className={s.table} aria-label={t`Últimas cobranças`}>
      <thead>
        <tr>
          <th className={s.cell} scope="col">
            <Trans>Mês</Trans>
          </th>
          <th className={s.cell} scope="col">
            <Trans>Valor</Trans>
          </th>
          <th className={s.cell} scope="col">
            <Trans>Cartão</Trans>
          </th>
          <th className={s.cell} scope="col">
            <Trans>Situação</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {charges.map((charge) => (
          <tr key={charge.id}>
            <td className={s.cell}>{formatDate(charge.period_start)}</td>
            <td className={s.cell}>{formatMoney(charge.amount)}</td>
            <td className={s.cell}>
              {charge.card_brand && charge.card_last4 ? cardLabel({ brand: charge.card_brand, last4: charge.card_last4 }) : '—'}
            </td>
            <td className={s.cell}>{i18n._(chargeSituationText(charge))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Invite({ canceledAt }: { canceledAt: string | null }) {
  const date = canceledAt ? formatDate(canceledAt) : null;
  return (
    <Stack gap="3">
      <p className={s.muted}>
        {date ? (
          <Trans>Sua doação mensal foi cancelada em {date}.</Trans>
        ) : (
          <Trans>Doe todo mês: o valor vira crédito na sua carteira, você escolhe as causas e o que sobrar é doado automaticamente.</Trans>
        )}
      </p>
      <div>
        <Link to="/doacao-mensal" className={buttonClass({ variant: 'accent' })}>
          {date ? <Trans>Voltar a doar todo mês</Trans> : <Trans>Começar a doar todo mês</Trans>}
        </Link>
      </div>
    </Stack>
  );
}

/**
 * The donor's monthly donation on /profile/wallet: amount, card, status, next charge, last charges,
 * and change amount / change card / pause / resume / cancel (subscription-panel machine).
 */
export function SubscriptionPanel({ services }: { services?: SubscriptionPanelServices }) {
  const { t } = useLingui();
  const [view, send] = useSubscriptionPanel(services);
  const { subscription, charges, savedCards, saving } = view;
  const showInvite = view.none || (subscription?.status === 'canceled' && view.loaded);

  return (
    <Card role="region" aria-labelledby="subscription-panel-title">
      <Stack gap="4">
        <h2 id="subscription-panel-title" className={s.sectionTitle}>
          <Trans>Doação mensal</Trans>
        </h2>
        {view.loading && subscription === null ? <Spinner label={t`Carregando sua doação mensal…`} /> : null}
        {view.failed ? (
          <RetryNotice onRetry={() => send({ type: 'subscription.reloaded' })}>
            <Trans>Não conseguimos carregar sua doação mensal.</Trans>
          </RetryNotice>
        ) : null}
        {subscription && !view.none ? <SubscriptionFacts subscription={subscription} /> : null}
        {subscription?.status === 'past_due' ? (
          <Notice tone="warning">
            <Trans>A última cobrança não passou. Tentaremos de novo na data acima; se preferir, troque o cartão.</Trans>
          </Notice>
        ) : null}
        {subscription?.status === 'paused' ? (
          <p className={s.muted}>
            <Trans>Pausada: nada é cobrado até você retomar.</Trans>
          </p>
        ) : null}
        {showInvite ? <Invite canceledAt={subscription?.canceled_at ?? null} /> : null}

        {view.editingAmount && subscription ? (
          <AmountEditor
            current={subscription.amount}
            busy={saving}
            onSubmit={(amount) => send({ type: 'amount.submitted', amount })}
            onCancel={() => send({ type: 'edit.cancelled' })}
          />
        ) : null}
        {view.choosingCard ? (
          <CardPicker
            cards={savedCards}
            currentId={subscription?.card?.id ?? null}
            busy={saving}
            onSubmit={(cardId) => send({ type: 'card.submitted', cardId })}
            onCancel={() => send({ type: 'edit.cancelled' })}
          />
        ) : null}

        {view.loaded && !view.editingAmount && !view.choosingCard && subscription?.status !== 'canceled' ? (
          <div className={s.actions}>
            {view.canEditAmount ? (
              <Button variant="secondary" disabled={saving} onClick={() => send({ type: 'amount.editRequested' })}>
                <Trans>Alterar valor</Trans>
              </Button>
            ) : null}
            {view.canEditCard ? (
              <Button variant="secondary" disabled={saving} onClick={() => send({ type: 'card.editRequested' })}>
                <Trans>Trocar cartão</Trans>
              </Button>
            ) : null}
            {view.canPause ? (
              <Button variant="secondary" disabled={saving} onClick={() => send({ type: 'subscription.pauseRequested' })}>
                <Trans>Pausar</Trans>
              </Button>
            ) : null}
            {view.canResume ? (
              <Button disabled={saving} onClick={() => send({ type: 'subscription.resumeRequested' })}>
                <Trans>Retomar</Trans>
              </Button>
            ) : null}
            {view.canCancel ? (
              <Button variant="ghost" disabled={saving} onClick={() => send({ type: 'subscription.cancelRequested' })}>
                <Trans>Cancelar doação mensal</Trans>
              </Button>
            ) : null}
          </div>
        ) : null}

        {subscription && charges.length > 0 ? (
          <Stack gap="2">
            <h3 className={s.sectionTitle}>
              <Trans>Últimas cobranças</Trans>
            </h3>
            <ChargeList charges={charges} />
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
