import { eq } from 'drizzle-orm';
import { donations } from '../../db/schema';
import type { Executor } from '../../db/types';
import { postLedgerGroup, type AccountRef } from '../ledger';
import type { GatewayPaymentState } from '../payments/gateway';
import { donationTarget } from './confirm-donation';
import type { PaymentRow } from './payments-repository';

/** The group of a payment's provider fee: one per payment, so a replayed notification posts it once. */
export const providerFeeReference = (paymentId: string): string => `fee:${paymentId}`;

/**
 * Who bears a payment's fee (docs/ledger.md, "Fees"): the cause the donation went to, or the general fund
 * for a gift-card order, whose cards keep their whole value.
 */
async function feeSource(tx: Executor, payment: PaymentRow): Promise<{ account: AccountRef; description: string } | null> {
  if (payment.donationId) {
    const [donation] = await tx.select({ campaignId: donations.campaignId }).from(donations).where(eq(donations.id, payment.donationId));
    // 'donation <id>': how the finances tie the group to its donation (finances.ts).
    return donation ? { account: donationTarget(donation), description: `donation ${payment.donationId}` } : null;
  }
  if (payment.giftCardOrderId) return { account: { kind: 'general_fund' }, description: `gift_card_order ${payment.giftCardOrderId}` };
  return null;
}

/**
 * Posts what the provider kept of a paid payment as its fee: the cause's account → platform_fees, in the
 * caller's transaction (the one that records the provider's word on the payment). Only a payment the
 * provider took money for has a fee (succeeded, or refunded since: Mercado Pago keeps its fee on a refund
 * or a chargeback). Idempotent: `fee:<payment id>` is posted once, with the first fee reported.
 */
export async function postProviderFee(
  tx: Executor,
  payment: PaymentRow,
  state: Pick<GatewayPaymentState, 'status' | 'feeCents'>,
): Promise<boolean> {
  const feeCents = state.feeCents ?? 0;
  if (feeCents <= 0 || (state.status !== 'succeeded' && state.status !== 'refunded')) return false;
  const source = await feeSource(tx, payment);
  if (!source) return false;
  const { created } = await postLedgerGroup(tx, {
    kind: 'provider_fee',
    reference: providerFeeReference(payment.id),
    description: source.description,
    lines: [
      { account: source.account, amountCents: -feeCents },
      { account: { kind: 'platform_fees' }, amountCents: feeCents },
    ],
  });
  return created;
}
