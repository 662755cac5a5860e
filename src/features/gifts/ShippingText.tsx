import { Trans } from '@lingui/react/macro';
import type { GiftCardShipping } from '../../../contracts';
import { formatDateTime } from '../../app/format';

/** How the cards travel, in a sentence (the review and the checkout's recap). */
export function ShippingText({ shipping }: { shipping: GiftCardShipping }) {
  if (shipping.mode === 'pdf') return <Trans>PDF para imprimir, no fim da compra</Trans>;
  if (shipping.mode === 'email_now') return <Trans>Por e-mail, assim que o pagamento for confirmado</Trans>;
  const when = formatDateTime(shipping.send_at);
  return <Trans>Por e-mail em {when} (horário de Brasília)</Trans>;
}
