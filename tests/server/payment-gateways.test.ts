import { describe, expect, it } from 'vitest';
import { gatewayMethodOf, paymentGateways, singleGateway } from '../../server/services/payments/gateways';
import { FakeGateway } from '../support/fake-gateway';

describe('paymentGateways', () => {
  const sandbox = new FakeGateway('sandbox');
  const cards = new FakeGateway('cards');
  const old = new FakeGateway('old');

  it('gives each method its provider and finds every provider by the name on a payment row', () => {
    const gateways = paymentGateways({ card: cards, pix: sandbox, paypal: sandbox }, [old]);
    expect([gateways.for('card'), gateways.for('pix'), gateways.for('paypal')]).toEqual([cards, sandbox, sandbox]);
    expect([gateways.named('cards'), gateways.named('sandbox'), gateways.named('old'), gateways.named('gone')]).toEqual([
      cards,
      sandbox,
      old,
      null,
    ]);
    expect(gateways.all.map((g) => g.name)).toEqual(['cards', 'sandbox', 'old']);
  });

  it('refuses two different providers under one name (a payment row could not say which took it)', () => {
    expect(() => paymentGateways({ card: cards, pix: new FakeGateway('cards'), paypal: sandbox })).toThrow(
      /two payment gateways are named cards/,
    );
  });

  it('one gateway for every method, and saved cards are cards while wallet and gift cards never reach a provider', () => {
    expect(singleGateway(old).for('paypal')).toBe(old);
    expect([gatewayMethodOf('card'), gatewayMethodOf('saved_card'), gatewayMethodOf('pix'), gatewayMethodOf('paypal')]).toEqual([
      'card',
      'card',
      'pix',
      'paypal',
    ]);
    expect(() => gatewayMethodOf('wallet')).toThrow(/stay on our ledger/);
    expect(() => gatewayMethodOf('gift_card')).toThrow(/stay on our ledger/);
  });
});
