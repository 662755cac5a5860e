import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { GiftCardOrderResult, OrderedGiftCard } from '../../../contracts';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { Button, TextField } from '../../ui';
import { sendAtOf } from './ShippingStep';
import { useCardDelivery } from './use-card-delivery';
import * as s from './gifts.css';

/**
 * What the buyer may still do with one card's send (docs/gift-cards.md): a scheduled card goes now,
 * moves to another day and time (São Paulo) or is cancelled; a card whose e-mail bounced goes again,
 * same code, to a corrected e-mail. A card delivered fine needs nothing.
 */
export function CardDeliveryActions({
  orderId,
  card,
  onChanged,
}: {
  orderId: string;
  card: OrderedGiftCard;
  onChanged: (order: GiftCardOrderResult) => void;
}) {
  const { t } = useLingui();
  const { view, submit } = useCardDelivery(orderId, card.position, onChanged);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [email, setEmail] = useState('');
  const who = card.recipient_name ?? '';
  if (card.delivery === 'scheduled') {
    return (
      <div className={s.cardActions} role="group" aria-label={t`Envio do cartão de ${who}`}>
        <div className={s.actions}>
          <Button type="button" variant="secondary" disabled={view.submitting} onClick={() => submit({ send_now: true })}>
            <Trans>Enviar agora</Trans>
          </Button>
          <Button type="button" variant="ghost" disabled={view.submitting} onClick={() => submit({ deliver_at: null })}>
            <Trans>Cancelar envio</Trans>
          </Button>
        </div>
        <form
          className={s.actions}
          onSubmit={(event) => {
            event.preventDefault();
            submit({ deliver_at: sendAtOf(date, time) });
          }}
        >
          <TextField label={t`Novo dia`} type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
          <TextField
            label={t`Nova hora (horário de Brasília)`}
            type="time"
            required
            value={time}
            onChange={(e) => setTime(e.target.value)}
          />
          <Button type="submit" variant="ghost" disabled={view.submitting}>
            <Trans>Mudar data</Trans>
          </Button>
        </form>
        <FailureAlert failure={view.failure} />
      </div>
    );
  }
  if (card.delivery !== 'bounced') return null;
  return (
    <form
      className={s.cardActions}
      aria-label={t`Corrigir o e-mail de ${who}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit({ recipient_email: email });
      }}
    >
      <div className={s.actions}>
        <TextField label={t`E-mail correto`} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" variant="ghost" disabled={view.submitting}>
          <Trans>Reenviar o cartão</Trans>
        </Button>
      </div>
      <FailureAlert failure={view.failure} />
    </form>
  );
}
