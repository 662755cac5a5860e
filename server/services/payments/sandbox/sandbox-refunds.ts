import { and, eq } from 'drizzle-orm';
import type { RefundFailureCode } from '../../../../contracts/admin-donations';
import { sandboxCardTokens, sandboxPayments, sandboxRefunds } from '../../../db/schema/sandbox-gateway';
import type { Database, Transaction } from '../../../db/types';
import type { PaymentGateway, RefundResult } from '../gateway';
import { sandboxId } from './ids';
import type { createWebhookOutbox } from './webhook-outbox';

/** Another request with the same key wrote its refund first: answer that one. */
class LostRace extends Error {}

type SandboxRefund = typeof sandboxRefunds.$inferSelect;

const resultOf = (refund: SandboxRefund): RefundResult =>
  refund.status === 'succeeded'
    ? { gatewayRef: refund.id, status: 'succeeded' }
    : { gatewayRef: refund.id, status: 'failed', failureCode: refund.failureCode ?? 'refund.failed' };

/**
 * Why the sandbox refuses this refund, as a provider would say it, or null when it goes through: an
 * unknown payment, one that did not succeed (or was refunded in full), more than is left of it, or a
 * card closed since it was charged (the test card 4000 0000 0000 5126).
 */
async function refusalOf(
  tx: Transaction,
  payment: typeof sandboxPayments.$inferSelect | undefined,
  amountCents: number,
  already: number,
): Promise<RefundFailureCode | null> {
  if (!payment) return 'refund.payment_unknown';
  if (payment.status !== 'succeeded') return 'refund.payment_not_refundable';
  if (amountCents <= 0 || already + amountCents > Number(payment.amountCents)) return 'refund.exceeds_captured';
  if (payment.cardToken) {
    const [card] = await tx
      .select({ outcome: sandboxCardTokens.outcome })
      .from(sandboxCardTokens)
      .where(eq(sandboxCardTokens.token, payment.cardToken));
    if (card?.outcome === 'refund_fails') return 'refund.card_closed';
  }
  return null;
}

/**
 * The sandbox's refunds: full or in parts, of a payment that succeeded, never more in all than it
 * captured (the payment row is locked while they are added up). Once nothing is left the payment is
 * `refunded` and a payment.refunded webhook is announced. A refusal is kept with its reason. The
 * idempotency key answers the same refund.
 */
export function createSandboxRefunds(
  db: Database,
  outbox: Pick<ReturnType<typeof createWebhookOutbox>, 'announce'>,
): PaymentGateway['refund'] {
  return async ({ idempotencyKey, gatewayRef, amountCents }) => {
    const [existing] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
    if (existing) return resultOf(existing);
    try {
      const { refund, refunded } = await db.transaction(async (tx) => {
        const [payment] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.id, gatewayRef)).for('update');
        const earlier =
          payment?.status === 'succeeded'
            ? await tx
                .select({ amountCents: sandboxRefunds.amountCents })
                .from(sandboxRefunds)
                .where(and(eq(sandboxRefunds.paymentId, gatewayRef), eq(sandboxRefunds.status, 'succeeded')))
            : [];
        const already = earlier.reduce((sum, r) => sum + Number(r.amountCents), 0);
        const refusal = await refusalOf(tx, payment, amountCents, already);
        const whole = refusal === null && already + amountCents === Number(payment!.amountCents);
        const [fullyRefunded] = whole
          ? await tx.update(sandboxPayments).set({ status: 'refunded' }).where(eq(sandboxPayments.id, gatewayRef)).returning()
          : [];
        const [created] = await tx
          .insert(sandboxRefunds)
          .values({
            id: sandboxId('re'),
            idempotencyKey,
            paymentId: gatewayRef,
            amountCents,
            status: refusal ? 'failed' : 'succeeded',
            failureCode: refusal,
          })
          .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
          .returning();
        if (!created) throw new LostRace();
        return { refund: created, refunded: fullyRefunded };
      });
      if (refunded) await outbox.announce(refunded, 'payment.refunded', 'later');
      return resultOf(refund);
    } catch (error) {
      if (!(error instanceof LostRace)) throw error;
      const [winner] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
      return resultOf(winner!);
    }
  };
}
