import type { MessageDescriptor } from '../../../../contracts/messages';
import type { Database } from '../../../db/types';
import { formatBrlText } from '../../../i18n/format';
import type { Translator } from '../../../i18n/translator';
import { adminEmails } from '../../admin/admin-recipients';
import { enqueueMail } from '../../mail/mail-outbox';
import { mailMessages } from '../../mail/mail-messages';
import { checkOrderInvariants, type OrderInvariantBreach } from './order-ledger';

/** Texts of the alert e-mail; `lingui extract` collects them through the i18n markers. */
export const invariantAlertMessages = {
  subject: /*i18n*/ {
    id: 'mail.gift_card_invariant.subject',
    message: 'Semear: {count, plural, one {# pedido de gift card} other {# pedidos de gift card}} com o dinheiro fora do lugar',
  },
  body: /*i18n*/ {
    id: 'mail.gift_card_invariant.body',
    message:
      'A verificação de hora em hora encontrou pedidos pagos cujo dinheiro não fecha (comprado = total = resgatado + doado com os códigos + doado no vencimento + ainda nos cartões). Veja cada um antes de qualquer reembolso:',
  },
  line: /*i18n*/ {
    id: 'mail.gift_card_invariant.line',
    message: 'Pedido {order}: total {total}, comprado {purchased}, ainda nos cartões {outstanding}, movimentos fora das regras {other}',
  },
} satisfies Record<string, MessageDescriptor>;

/**
 * The hourly check of every paid order's money (docs/gift-cards.md): a breach is logged as an error
 * and pages the finance admins by e-mail, every hour until it is fixed. Resolves with the breaches.
 */
export async function checkAndAlertOrderInvariants(
  deps: { db: Database; translator: Translator; log?: { error(obj: object, msg: string): void } },
  now: Date,
): Promise<OrderInvariantBreach[]> {
  const breaches = await checkOrderInvariants(deps.db);
  if (breaches.length === 0) return breaches;
  deps.log?.error({ breaches }, 'gift-card orders whose money does not add up');
  const t = (d: MessageDescriptor, values?: Record<string, string | number>) => deps.translator.translate('pt', d, values);
  const lines = breaches.map((breach) =>
    t(invariantAlertMessages.line, {
      order: breach.orderId,
      total: formatBrlText(breach.totalCents),
      purchased: formatBrlText(breach.money.purchased),
      outstanding: formatBrlText(breach.money.outstanding),
      other: formatBrlText(breach.money.other),
    }),
  );
  const text = `${t(invariantAlertMessages.body)}\n\n${lines.map((line) => `- ${line}`).join('\n')}\n\n${t(mailMessages.signature)}\n`;
  const subject = t(invariantAlertMessages.subject, { count: breaches.length });
  // Who is told: every admin who may see the money.
  for (const to of await adminEmails(deps.db, ['MANAGE_FINANCES'])) await enqueueMail(deps.db, { to, subject, text }, now);
  return breaches;
}
