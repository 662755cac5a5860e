import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { GiftCardOrderResult, OrderedGiftCard } from '../../../contracts';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../app/format';
import { CardDeliveryActions } from './CardDeliveryActions';
import * as s from './gifts.css';

/** Cards listed on the page; a larger batch is whole in its CSV and PDF. */
export const CARDS_SHOWN = 200;

/** The cards to list: those whose e-mail bounced first (they need the buyer), then in order. */
const cardsToShow = (cards: readonly OrderedGiftCard[]): OrderedGiftCard[] =>
  [...cards.filter((card) => card.delivery === 'bounced'), ...cards.filter((card) => card.delivery !== 'bounced')].slice(0, CARDS_SHOWN);

/** Where one card stands: sent, going out at its time, or in the buyer's hands (PDF, with its code). */
function CardLine({ card, actions }: { card: OrderedGiftCard; actions: ReactNode }) {
  const value = formatMoney(card.value);
  const until = formatDate(card.expires_at);
  const when = card.deliver_at ? formatDateTime(card.deliver_at) : '';
  const email = card.recipient_email ?? '';
  return (
    <li className={s.orderedCard}>
      <span className={s.definition}>{card.recipient_name ?? value}</span>
      {card.code ? <code className={s.code}>{card.code}</code> : null}
      <span className={s.muted}>
        {card.delivery === 'bounced' ? (
          <strong className={s.fieldError}>
            <Trans>O e-mail para {email} voltou: o endereço não existe. Corrija-o para enviar o cartão de novo.</Trans>
          </strong>
        ) : card.delivery === 'sent' ? (
          <Trans>
            Enviado para {email} · válido até {until}
          </Trans>
        ) : card.delivery === 'scheduled' ? (
          <Trans>
            Será enviado para {email} em {when}
          </Trans>
        ) : card.delivery === 'cancelled' ? (
          <Trans>Envio cancelado: entregue você mesmo o código · válido até {until}</Trans>
        ) : (
          <Trans>
            {value} · válido até {until}
          </Trans>
        )}
      </span>
      {actions}
    </li>
  );
}

/** Every card of a paid order (the bounced ones first, with their correction), as many as the page lists. */
export function OrderCardList({
  order,
  onChanged,
}: {
  order: GiftCardOrderResult['order'];
  onChanged: (order: GiftCardOrderResult) => void;
}) {
  const shown = formatNumber(CARDS_SHOWN);
  const all = formatNumber(order.cards.length);
  return (
    <>
      {order.cards.length > CARDS_SHOWN ? (
        <p className={s.muted}>
          <Trans>
            Mostrando {shown} de {all} cartões; a lista completa está no CSV e no PDF.
          </Trans>
        </p>
      ) : null}
      <ul className={s.orderedCards}>
        {cardsToShow(order.cards).map((card) => (
          <CardLine
            key={card.position}
            card={card}
            actions={<CardDeliveryActions orderId={order.id} card={card} onChanged={onChanged} />}
          />
        ))}
      </ul>
    </>
  );
}
