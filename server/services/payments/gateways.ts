import type { PaymentMethod } from '../../../contracts/donations';
import type { CardGateway, PaymentGateway, PixGateway, RedirectGateway } from './gateway';

/** The ways of paying that reach an outside provider (gift cards and the wallet stay on our ledger). */
export type GatewayMethod = 'card' | 'pix' | 'paypal';

/** The capability a method's provider must have (gateway.ts). */
export interface GatewayOfMethod {
  card: CardGateway;
  pix: PixGateway;
  paypal: RedirectGateway;
}

/**
 * The payment providers this server talks to (docs/payments.md, "One provider per way of paying"): new
 * payments of each method go to the provider configured for it (`for`); everything that follows a
 * payment (its look-up, refunds, webhooks) goes to the provider that took it, named on its row (`named`),
 * so a donation the sandbox took is still refunded by the sandbox after the configuration moves on.
 */
export interface PaymentGateways {
  for<M extends GatewayMethod>(method: M): GatewayOfMethod[M];
  /** null: no provider of that name is configured here any more. */
  named(name: string): PaymentGateway | null;
  readonly all: readonly PaymentGateway[];
}

/** The method whose provider takes a payment ('saved_card' is a card at the card provider). */
export function gatewayMethodOf(method: PaymentMethod): GatewayMethod {
  if (method === 'wallet' || method === 'gift_card') throw new Error(`${method} payments stay on our ledger`);
  return method === 'saved_card' ? 'card' : method;
}

/**
 * A registry of `chosen` providers per method; `others` are kept only for the payments they already took
 * (the embedded sandbox is always there: its old payments still refund and reconcile).
 */
export function paymentGateways(chosen: GatewayOfMethod, others: readonly PaymentGateway[] = []): PaymentGateways {
  const byName = new Map<string, PaymentGateway>();
  for (const gateway of [chosen.card, chosen.pix, chosen.paypal, ...others]) {
    const known = byName.get(gateway.name);
    if (known && known !== gateway) throw new Error(`two payment gateways are named ${gateway.name}`);
    byName.set(gateway.name, gateway);
  }
  return {
    for: (method) => chosen[method],
    named: (name) => byName.get(name) ?? null,
    all: [...byName.values()],
  };
}

/** One provider for every method (the sandbox alone, or a test's fake). */
export function singleGateway(gateway: CardGateway & PixGateway & RedirectGateway): PaymentGateways {
  return paymentGateways({ card: gateway, pix: gateway, paypal: gateway });
}
