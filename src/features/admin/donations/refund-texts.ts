import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AdminDonationDetail } from '../../../../contracts/admin-donations';
import type { PaymentMethod } from '../../../../contracts/donations';
import type { CommandOutcome, RefundCommand } from '../../../../machines/admin/donation-detail.machine';
import type { ConfirmRequest } from '../../../../machines/dialogs/confirm-dialog.machine';
import { formatMoney } from '../../../app';
import { REFUND_FAILURE_ADVICE, REFUND_FAILURE_REASONS } from './donation-words';

/**
 * What the refund page says before and after (docs/admin.md): the confirmation names the amount, where
 * the money goes and, above the approval threshold, that a second admin must approve it; the outcome
 * says what the server did — done, waiting for another admin, refused by the provider (with its reason
 * and what to do), rejected.
 */

/** Where the money goes back to, by how the donor paid. */
const GOES_BACK_TO: Record<PaymentMethod, MessageDescriptor> = {
  card: msg`O valor volta ao cartão do doador`,
  saved_card: msg`O valor volta ao cartão do doador`,
  pix: msg`O valor volta ao doador pelo PIX`,
  paypal: msg`O valor volta à conta PayPal do doador`,
  wallet: msg`O valor volta à carteira do doador no Semear`,
  gift_card: msg`O valor volta ao gift card com que o doador pagou: se já foi resgatado, vai para a carteira de quem o resgatou; se venceu, o cartão volta a valer por 30 dias`,
};

/**
 * Up to how much the form refunds and when it needs a second admin: the threshold counts the donation's
 * refunds together, so after earlier ones less is left before a second admin must approve.
 */
export function refundLimitHint(detail: AdminDonationDetail, i18n: I18n): string {
  const refundable = formatMoney(detail.refundable);
  const needed = formatMoney(detail.approval_needed_above);
  const threshold = formatMoney(detail.approval_threshold);
  if (detail.approval_needed_above === 0)
    return i18n._(
      msg`Até ${refundable}. Os reembolsos desta doação já atingiram o limite de ${threshold}: qualquer outro precisa da aprovação de outra pessoa da equipe.`,
    );
  if (detail.approval_needed_above < detail.approval_threshold)
    return i18n._(
      msg`Até ${refundable}. Os reembolsos desta doação somam-se: acima de ${needed} a mais (o limite é ${threshold} por doação), outra pessoa da equipe precisa aprovar.`,
    );
  return i18n._(msg`Até ${refundable}. Acima de ${needed}, outra pessoa da equipe precisa aprovar.`);
}

export function refundConfirmation(command: RefundCommand, detail: AdminDonationDetail, i18n: I18n): ConfirmRequest {
  const amount = formatMoney(command.amount);
  const donor = detail.donor.name || detail.donor.email;
  const threshold = formatMoney(detail.approval_threshold);
  const goesBack = i18n._(GOES_BACK_TO[detail.method]);
  const waits = command.amount > detail.approval_needed_above;
  // Alone it passes the threshold, or only with the donation's earlier refunds.
  const why =
    detail.approval_needed_above === detail.approval_threshold
      ? i18n._(msg`Como passa de ${threshold}, o reembolso vai esperar a aprovação de outra pessoa da equipe (quem pede não aprova).`)
      : i18n._(
          msg`Somado aos outros reembolsos desta doação, passa de ${threshold}: o reembolso vai esperar a aprovação de outra pessoa da equipe (quem pede não aprova).`,
        );
  return {
    title: i18n._(msg`Reembolsar ${amount} de ${donor}?`),
    description: waits
      ? i18n._(
          msg`${why} Até lá nada é devolvido e o valor fica reservado. ${goesBack} quando for aprovado, e sai do total arrecadado; o doador recebe um e-mail.`,
        )
      : i18n._(msg`${goesBack} e sai do total arrecadado; o doador recebe um e-mail. Feito, o reembolso não pode ser desfeito.`),
    confirmText: waits ? i18n._(msg`Pedir a aprovação`) : i18n._(msg`Reembolsar ${amount}`),
    cancelText: i18n._(msg`Voltar`),
  };
}

/** The outcome in a sentence, and whether it is a refusal (shown as an alert). */
export function refundOutcomeText(outcome: CommandOutcome, i18n: I18n): { text: string; refused: boolean } {
  const { refund, command } = outcome;
  const amount = formatMoney(refund.amount);
  switch (refund.status) {
    case 'failed': {
      const code = refund.failure_reason ?? 'refund.failed';
      const reason = i18n._(REFUND_FAILURE_REASONS[code]);
      const advice = i18n._(REFUND_FAILURE_ADVICE[code]);
      return { refused: true, text: i18n._(msg`O reembolso de ${amount} não foi feito: ${reason}. ${advice}`) };
    }
    case 'awaiting_approval':
      return {
        refused: false,
        text: i18n._(
          msg`Reembolso de ${amount} pedido. Ele espera a aprovação de outra pessoa da equipe (quem pede não aprova): até lá nada é devolvido e o valor fica reservado.`,
        ),
      };
    case 'rejected':
      return {
        refused: false,
        text: i18n._(msg`Reembolso de ${amount} recusado: nada foi devolvido, e o valor pode ser reembolsado de novo.`),
      };
    case 'processing':
      return {
        refused: false,
        text: i18n._(
          msg`Reembolso de ${amount} em andamento: o meio de pagamento ainda não respondeu. Abra esta doação de novo em alguns minutos.`,
        ),
      };
    case 'succeeded':
      return {
        refused: false,
        text:
          command === 'approve'
            ? i18n._(
                msg`Reembolso de ${amount} aprovado e feito: o valor volta ao doador, saiu do total arrecadado e o doador recebe um e-mail.`,
              )
            : i18n._(msg`Reembolso de ${amount} feito: o valor volta ao doador, saiu do total arrecadado e o doador recebe um e-mail.`),
      };
  }
}
