import { and, gt, ne, sql } from 'drizzle-orm';
import type { MessageDescriptor } from '../../../contracts/messages';
import type { SubscriptionChargeRow } from '../../db/schema';
import { subscriptionCharges } from '../../db/schema';
import type { Executor } from '../../db/types';
import { formatBrlText } from '../../i18n/format';
import { mailAdmins, teamText } from '../admin/admin-recipients';
import { dayOf } from '../payments/api-pix/api-pix-recurrences';
import type { SubscriptionDeps } from './subscription-deps';

/** Texts of the admins' alert; `lingui extract` collects them through the i18n markers. */
export const pixDebitAlertMessages = {
  subject: /*i18n*/ { id: 'mail.pix_debit_refused.subject', message: 'Pix Automático: o banco recusou o débito de {amount}' },
  body: /*i18n*/ {
    id: 'mail.pix_debit_refused.body',
    message:
      'O banco da ONG recusou o pedido de débito mensal {charge} ({amount}, vencimento em {due}) de uma doação mensal por Pix Automático, ou o pedido não pôde ser feito: {reason}. O doador não foi cobrado. O Semear não envia de novo o mesmo pedido; ele é enviado outra vez, a cada hora, assim que algo nele mudar (por exemplo, a conta de repasse).',
  },
  advice: /*i18n*/ {
    id: 'mail.pix_debit_refused.advice',
    message:
      'O banco exige no débito a conta que recebe (agência, conta e tipo) e confere se ela é da ONG: confira a conta de repasse em vigor. Outros débitos recusados pelo mesmo motivo nas próximas 24 horas não geram outro aviso.',
  },
  link: /*i18n*/ { id: 'mail.pix_debit_refused.link', message: 'Contas de repasse: {url}' },
} satisfies Record<string, MessageDescriptor>;

/** How long one reason alerts once, however many debits it refuses (a wrong account refuses them all). */
const ALERT_QUIET_MS = 24 * 60 * 60_000;

/**
 * Tells every admin who sees the money (MANAGE_FINANCES) that the bank refused a month's Pix Automático debit,
 * in the transaction that records the refusal on the charge, in Portuguese like every alert to the team. A reason
 * already told in the last 24 hours (for another charge) is not told again.
 */
export async function alertDebitRefused(
  tx: Executor,
  deps: Pick<SubscriptionDeps, 'translator' | 'config'>,
  charge: SubscriptionChargeRow,
  reason: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - ALERT_QUIET_MS).toISOString();
  const [told] = await tx
    .select({ id: subscriptionCharges.id })
    .from(subscriptionCharges)
    .where(
      and(
        ne(subscriptionCharges.id, charge.id),
        sql`${subscriptionCharges.debitRefusal}->>'reason' = ${reason}`,
        gt(sql`(${subscriptionCharges.debitRefusal}->>'at')::timestamptz`, sql`${since}::timestamptz`),
      ),
    )
    .limit(1);
  if (told) return false;
  const t = teamText(deps.translator);
  const values = {
    charge: charge.id.replaceAll('-', ''),
    amount: formatBrlText(charge.amountCents),
    due: dayOf(charge.periodStart),
    reason,
  };
  const paragraphs = [
    t(pixDebitAlertMessages.body, values),
    t(pixDebitAlertMessages.advice),
    t(pixDebitAlertMessages.link, { url: `${deps.config.publicUrl}/admin/pix-accounts` }),
  ];
  await mailAdmins(tx, deps.translator, ['MANAGE_FINANCES'], { subject: t(pixDebitAlertMessages.subject, values), paragraphs }, now);
  return true;
}
