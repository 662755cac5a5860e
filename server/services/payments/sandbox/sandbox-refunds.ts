import { and, eq } from 'drizzle-orm';
import { sandboxPayments, sandboxRefunds } from '../../../db/schema/sandbox-gateway';
import type { Database } from '../../../db/types';
import type { PaymentGateway } from '../gateway';
import { sandboxId } from './ids';
import type { createWebhookOutbox } from './webhook-outbox';

/** Another request with the same key wrote its refund first: answer that one. */
class LostRace extends Error {}

/**
 * The sandbox's refunds: full or in parts, of a payment that succeeded, never more in all than it
 * captured (the payment row is locked while they are added up). Once nothing is left the payment is
 * `refunded` and a payment.refunded webhook is announced. The idempotency key answers the same refund.
 */
export function createSandboxRefunds(
  db: Database,
  outbox: Pick<ReturnType<typeof createWebhookOutbox>, 'announce'>,
): PaymentGateway['refund'] {
  return async ({ idempotencyKey, gatewayRef, amountCents }) => {
    const [existing] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
    if (existing) return { gatewayRef: existing.id, status: existing.status };
    try {
      const { refund, refunded } = await db.transaction(async (tx) => {
        const [captured] = await tx
          .select()
          .from(sandboxPayments)
          .where(and(eq(sandboxPayments.id, gatewayRef), eq(sandboxPayments.status, 'succeeded')))
          .for('update');
        const earlier = captured
          ? await tx
              .select({ amountCents: sandboxRefunds.amountCents })
              .from(sandboxRefunds)
              .where(and(eq(sandboxRefunds.paymentId, gatewayRef), eq(sandboxRefunds.status, 'succeeded')))
          : [];
        const already = earlier.reduce((sum, r) => sum + Number(r.amountCents), 0);
        const fits = captured !== undefined && amountCents > 0 && already + amountCents <= Number(captured.amountCents);
        const whole = fits && already + amountCents === Number(captured.amountCents);
        const [payment] = whole
          ? await tx.update(sandboxPayments).set({ status: 'refunded' }).where(eq(sandboxPayments.id, gatewayRef)).returning()
          : [];
        const [created] = await tx
          .insert(sandboxRefunds)
          .values({ id: sandboxId('re'), idempotencyKey, paymentId: gatewayRef, amountCents, status: fits ? 'succeeded' : 'failed' })
          .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
          .returning();
        if (!created) throw new LostRace();
        return { refund: created, refunded: payment };
      });
      if (refunded) await outbox.announce(refunded, 'payment.refunded', 'later');
      return { gatewayRef: refund.id, status: refund.status };
    } catch (error) {
      if (!(error instanceof LostRace)) throw error;
      const [winner] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
      return { gatewayRef: winner!.id, status: winner!.status };
    }
  };
}
