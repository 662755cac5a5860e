import { describe, expect, it } from 'vitest';
import type { GiftCardOrderResult, Payment } from '../../contracts';
import { orderAnswerOf, orderPixCheckOf, orderRequestOf } from '../../src/features/gifts/gift-card-checkout-services';

/** The gift-card checkout speaks the shared checkout's terms: the request around the definition, and the order's answer. */

const payment = (overrides: Partial<Payment> = {}): Payment => ({
  method: 'pix',
  status: 'pending',
  failure_code: null,
  card_brand: null,
  card_last4: null,
  br_code: '000201…',
  qr_code: 'data:image/png;base64,AAAA',
  expires_at: '2026-11-25T13:30:00.000Z',
  approve_url: null,
  sandbox_pay_url: null,
  ...overrides,
});

const result = (status: GiftCardOrderResult['order']['status'], pay: Payment): GiftCardOrderResult => ({
  order: {
    id: 'f1b0c6a2-4a8e-4a55-9a37-0e0c1b1d2e3f',
    kind: 'personal',
    status,
    issued: 0,
    logo_url: null,
    value: 8000,
    quantity: 2,
    total: 16_000,
    template: 'girassol',
    message: 'Feliz aniversário!',
    from: 'Maria',
    shipping_mode: 'email_now',
    send_at: null,
    payment_method: pay.method,
    created_at: '2026-11-25T13:00:00.000Z',
    paid_at: null,
    recipients: [],
    cards: [],
    money: null,
    stats: null,
  },
  payment: pay,
  receipt_token: 'token-1',
});

const DRAFT_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('gift-card checkout services', () => {
  it('sends the confirmed definition with the contact, payment and address the checkout collected, and the draft it pays for', () => {
    const definition = {
      design: { value: 8000, quantity: 1, template: 'natal' as const, message: 'Boas festas', from: 'Maria' },
      shipping: { mode: 'email_now' as const },
      recipients: [{ name: 'Ana', email: 'ana@exemplo.com.br', email_confirmation: 'ana@exemplo.com.br' }],
    };
    const request = orderRequestOf(
      definition,
      {
        amount: 8000,
        contact: { name: 'Maria', email: 'maria@exemplo.com.br' },
        payment: { method: 'pix' },
        address: null,
      },
      DRAFT_ID,
    );
    expect(request).toEqual({
      definition: { ...definition.design, shipping: definition.shipping, recipients: definition.recipients },
      contact: { name: 'Maria', email: 'maria@exemplo.com.br' },
      payment: { method: 'pix' },
      address: null,
      draft_id: DRAFT_ID,
    });
  });

  it('maps the order: paid is confirmed, an open PIX waits with its receipt token, PayPal approves, a failure declines', () => {
    expect(orderAnswerOf(result('paid', payment({ method: 'card', status: 'succeeded', br_code: null })))).toEqual({
      status: 'confirmed',
      id: 'f1b0c6a2-4a8e-4a55-9a37-0e0c1b1d2e3f',
    });
    expect(orderAnswerOf(result('pending', payment()))).toMatchObject({ status: 'pending_pix', pix: { receiptToken: 'token-1' } });
    expect(
      orderAnswerOf(
        result('pending', payment({ method: 'paypal', br_code: null, approve_url: '/sandbox-gateway/paypal/orders/x/approve' })),
      ),
    ).toEqual({
      status: 'pending_paypal',
      id: 'f1b0c6a2-4a8e-4a55-9a37-0e0c1b1d2e3f',
      approveUrl: '/sandbox-gateway/paypal/orders/x/approve',
    });
    expect(
      orderAnswerOf(result('failed', payment({ method: 'card', status: 'failed', br_code: null, failure_code: 'payment.declined' }))),
    ).toMatchObject({
      status: 'declined',
      failureCode: 'payment.declined',
    });
    expect(orderPixCheckOf(result('pending', payment())).outcome).toBeNull();
    expect(orderPixCheckOf(result('paid', payment({ status: 'succeeded' }))).outcome).toBe('confirmed');
    expect(orderPixCheckOf(result('expired', payment({ status: 'expired' }))).outcome).toBe('expired');
  });
});
