import { useNavigate } from '@tanstack/react-router';
import type { GiftCardOrder } from '../../../contracts';
import type { GiftCardDefinitionOutput } from '../../../machines/gift-card/gift-card-definition.machine';
import { corporateDraft, personalDraft } from './order-drafts';

/** A personal order's cards as the definition page confirmed them, to buy them again. */
export function personalDefinitionOf(order: GiftCardOrder): GiftCardDefinitionOutput {
  const { value, quantity, template, message, from } = order;
  return {
    design: { value, quantity, template, message, from },
    shipping:
      order.shipping_mode === 'email_scheduled' && order.send_at !== null
        ? { mode: 'email_scheduled', send_at: order.send_at }
        : { mode: order.shipping_mode === 'pdf' ? 'pdf' : 'email_now' },
    recipients: order.recipients.map(({ name, email }) => ({ name, email, email_confirmation: email })),
  };
}

/**
 * Trying a declined (or unpaid) order again. A personal one goes back into this tab's draft and on
 * to its checkout (which sends the buyer to the shipping step if its moment has passed). A company's
 * spreadsheet lives in the tab that defined it: that tab pays it again, any other defines it anew.
 */
export function useRetryOrder(order: GiftCardOrder): { kind: 'personal'; retry: () => void } | { kind: 'corporate'; inThisTab: boolean } {
  const navigate = useNavigate();
  if (order.kind === 'corporate') return { kind: 'corporate', inThisTab: corporateDraft.placedOrder() === order.id };
  return {
    kind: 'personal',
    retry: () => {
      personalDraft.save(personalDefinitionOf(order));
      void navigate({ to: '/gift-card/checkout' });
    },
  };
}
