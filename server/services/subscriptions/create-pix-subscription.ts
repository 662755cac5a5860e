import type { Locale } from '../../../contracts/constants';
import { donorMessages as dm } from '../../../contracts/donor-messages';
import { errorCodes } from '../../../contracts/errors';
import type { SubscriptionChargeRow, SubscriptionRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { conflict, invalid } from '../../domain/errors';
import type { Clock } from '../clock';
import type { StoredResponse } from '../idempotency/idempotency';
import { payerOfContact } from '../payments/payer';
import type { PixRecurrences } from '../payments/recurrences';
import { emitSubscriptionEvent } from '../webhooks/webhook-payloads';
import { MONTHLY_CHARGE_DESCRIPTION } from './charge-attempt';
import { billingDayOf, firstPeriodStart, nextDueDate } from './billing-calendar';
import { settleCharge } from './settle-charge';
import type { NewSubscription, SubscriptionDeps } from './subscription-deps';
import { insertCharge, insertSubscription, updateSubscription } from './subscriptions-repository';

/** How long the combined QR can be paid when the configuration does not say (PIX_EXPIRES_S). */
const DEFAULT_EXPIRES_S = 1800;

/**
 * POST /subscriptions with `pix_automatico` (docs/payments.md, "Monthly giving by Pix Automático"): in steps,
 * like a card subscription, so a crash loses nothing. (1) The subscription, awaiting its authorisation, and
 * the claim of its first month, with the idempotency note, in one transaction; (2) the bank asked for the
 * combined QR (the first month's charge, keyed by the charge id, and the recurrence); (3) the QR kept on the
 * subscription and shown. Paying it settles the first month (webhook or look-up) and makes it active.
 */
export function createPixSubscriptions(
  deps: SubscriptionDeps & {
    clock: Clock;
    pixExpiresS?: number;
    answer(chargeId: string, locale: Locale): Promise<StoredResponse>;
  },
) {
  const { db, clock } = deps;
  const gateway = deps.gateways.for('pix');

  async function create(input: NewSubscription): Promise<StoredResponse> {
    const recurrences = gateway.recurrences;
    if (!recurrences) throw invalid(errorCodes.pixAutomaticoUnavailable, dm.pixAutomaticoUnavailable);
    const { contact_email: contactEmail, ...contact } = input.request.contact;
    const record = { ...contact, ...(contactEmail ? { contact_email: contactEmail } : {}) };
    const payer = payerOfContact(record);
    if (!payer.document) throw invalid(errorCodes.pixAutomaticoDocumentRequired, dm.pixAutomaticoDocumentRequired);
    const now = clock.now();
    const periodStart = firstPeriodStart(now);
    const { sub, charge } = await db
      .transaction(async (tx) => {
        const sub = await insertSubscription(tx, {
          userId: input.userId,
          amountCents: input.request.amount,
          status: 'awaiting_authorization',
          paymentMethod: 'pix_automatico',
          billingDay: billingDayOf(now),
          currentPeriodStart: periodStart,
          // The charge job follows the QR from now on: paid, it settles the month; expired, it ends the subscription.
          nextChargeAt: periodStart,
          contact: record,
          address: input.request.address,
          locale: input.locale,
          createdAt: now,
          updatedAt: now,
        });
        if (!sub) throw new Error('subscription not created');
        await emitSubscriptionEvent(tx, 'subscription.created', sub, now);
        const charge = await insertCharge(tx, {
          subscriptionId: sub.id,
          userId: input.userId,
          periodStart,
          attempt: 0,
          amountCents: sub.amountCents,
          gateway: gateway.name,
          kind: 'pix_cob',
          createdAt: now,
        });
        if (!charge) throw new Error('subscription charge not created');
        await input.checkpoint(tx, { subscription_id: sub.id, charge_id: charge.id, locale: input.locale, saved_card_id: null });
        return { sub, charge };
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict(errorCodes.subscriptionAlreadyOpen, dm.subscriptionAlreadyOpen) : error;
      });
    await openAtBank(recurrences, sub, charge, { ...payer, document: payer.document });
    return deps.answer(charge.id, input.locale);
  }

  /** A retry of a request that died before its QR was kept: the bank is asked again (the same first-month charge). */
  async function resume(sub: SubscriptionRow, charge: SubscriptionChargeRow, locale: Locale): Promise<StoredResponse> {
    const payer = payerOfContact(sub.contact);
    if (sub.status === 'awaiting_authorization' && !sub.pixRecurrenceId && gateway.recurrences && payer.document) {
      await openAtBank(gateway.recurrences, sub, charge, { ...payer, document: payer.document });
    }
    return deps.answer(charge.id, locale);
  }

  /**
   * The combined QR at the bank, kept on the subscription. The bank unreachable or refusing: the month fails
   * and the subscription ends (nothing was charged), and the error reaches the donor as for a PIX donation.
   */
  async function openAtBank(
    recurrences: PixRecurrences,
    sub: SubscriptionRow,
    charge: SubscriptionChargeRow,
    payer: Parameters<PixRecurrences['open']>[0]['payer'],
  ): Promise<void> {
    const expiresAt = new Date(clock.now().getTime() + (deps.pixExpiresS ?? DEFAULT_EXPIRES_S) * 1000);
    try {
      const opened = await recurrences.open({
        chargeId: charge.id,
        contract: sub.id.replaceAll('-', ''),
        amountCents: charge.amountCents,
        startsOn: nextDueDate(charge.periodStart, sub.billingDay),
        expiresAt,
        payer,
        description: MONTHLY_CHARGE_DESCRIPTION,
      });
      await updateSubscription(db, sub.id, {
        pixRecurrenceId: opened.recurrenceId,
        pixAuthorization: { br_code: opened.brCode, expires_at: opened.expiresAt.toISOString() },
        updatedAt: clock.now(),
      });
    } catch (error) {
      const failure = { status: 'failed' as const, gatewayRef: null, failureCode: 'payment.failed', brand: null, last4: null };
      await settleCharge(deps, charge.id, failure, clock.now(), { donorWaiting: true });
      throw error;
    }
  }

  return { create, resume };
}
