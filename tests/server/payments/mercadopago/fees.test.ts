import { describe, expect, it } from 'vitest';
import { collectorFeeCents } from '../../../../server/services/payments/mercadopago/fees';
import { paymentSchema } from '../../../../server/services/payments/mercadopago/schemas';

describe("Mercado Pago's fee on a payment (fee_details)", () => {
  it('sums the fees the collector pays, each rounded half up to the cent', () => {
    expect(
      collectorFeeCents([
        { type: 'mercadopago_fee', amount: 0.12, fee_payer: 'collector' },
        { type: 'application_fee', amount: 1.005, fee_payer: 'collector' },
      ]),
    ).toBe(12 + 101);
  });

  it("leaves out what the payer pays (the donor's financing of installments)", () => {
    expect(
      collectorFeeCents([
        { type: 'mercadopago_fee', amount: 2.49, fee_payer: 'collector' },
        { type: 'financing_fee', amount: 7.3, fee_payer: 'payer' },
      ]),
    ).toBe(249);
    expect(collectorFeeCents([{ type: 'financing_fee', amount: 7.3, fee_payer: 'payer' }])).toBe(0);
  });

  it('reads a detail that names no payer as the collector’s, and no details as no fee', () => {
    expect(collectorFeeCents([{ type: 'mercadopago_fee', amount: 0.99 }])).toBe(99);
    expect(collectorFeeCents([{ type: 'mercadopago_fee', amount: 0.99, fee_payer: null }])).toBe(99);
    expect(collectorFeeCents([])).toBe(0);
    expect(collectorFeeCents(null)).toBe(0);
    expect(collectorFeeCents(undefined)).toBe(0);
  });

  it('is what a read payment carries as feeCents', () => {
    const payment = paymentSchema.parse({
      id: 123,
      status: 'approved',
      transaction_amount: 100,
      fee_details: [
        { type: 'mercadopago_fee', amount: 0.99, fee_payer: 'collector' },
        { type: 'financing_fee', amount: 3.5, fee_payer: 'payer' },
      ],
    });
    expect(payment.feeCents).toBe(99);
  });
});
