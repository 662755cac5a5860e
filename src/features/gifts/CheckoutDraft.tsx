import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { GiftCardShipping } from '../../../contracts';
import { buttonClass, Notice, Stack } from '../../ui';
import type { OrderDraft } from './order-drafts';
import { scheduleHasPassed } from './schedule';

type DefinitionPath = '/gift-card/definition' | '/gift-card/definition_corporate';

/**
 * The definition a gift-card checkout pays for, read once from the tab's draft. A draft whose
 * scheduled send has passed is not paid for: the page goes back to the definition, which opens on
 * its shipping step with why (before any card is typed).
 */
export function useCheckoutDraft<T>(draft: OrderDraft<T>, shippingOf: (definition: T) => GiftCardShipping | null, path: DefinitionPath) {
  const navigate = useNavigate();
  const [read] = useState(() => {
    const definition = draft.read();
    return { definition, lastPaid: draft.lastPaid(), stale: definition !== null && scheduleHasPassed(shippingOf(definition)) };
  });
  useEffect(() => {
    if (read.stale) void navigate({ to: path, replace: true });
  }, [read.stale, navigate, path]);
  return { definition: read.stale ? null : read.definition, lastPaid: read.lastPaid, leaving: read.stale };
}

/**
 * A checkout with nothing to pay in this tab: the order it paid last (Back after paying lands here)
 * is said to be paid, with its page; else the buyer is sent to define the cards first.
 */
export function NothingToPay({
  lastPaid,
  path,
  corporate = false,
}: {
  lastPaid: string | null;
  path: DefinitionPath;
  corporate?: boolean;
}) {
  return (
    <Notice>
      <Stack gap="3">
        {lastPaid ? (
          <span>
            <Trans>Este pedido já foi pago. Os cartões estão na página do pedido.</Trans>
          </span>
        ) : corporate ? (
          <span>
            <Trans>Primeiro monte o pedido: valor, mensagem, modelo e quem recebe.</Trans>
          </span>
        ) : (
          <span>
            <Trans>Primeiro monte seus gift cards: valor, mensagem, modelo e para quem enviar.</Trans>
          </span>
        )}
        <div>
          {lastPaid ? (
            <Link
              to="/gift-card/agradecimento"
              search={{ order: lastPaid, type: corporate ? 'corporate' : undefined }}
              className={buttonClass({ variant: 'primary' })}
            >
              <Trans>Ver o pedido</Trans>
            </Link>
          ) : null}{' '}
          <Link to={path} className={buttonClass({ variant: lastPaid ? 'ghost' : 'primary' })}>
            {lastPaid ? (
              <Trans>Montar um novo pedido</Trans>
            ) : corporate ? (
              <Trans>Montar o pedido</Trans>
            ) : (
              <Trans>Montar gift cards</Trans>
            )}
          </Link>
        </div>
      </Stack>
    </Notice>
  );
}
