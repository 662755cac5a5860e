import type { CardGateway, PaymentGateway, PixGateway, RecurringPixPayments, RedirectGateway } from './gateway';

/**
 * Whether a provider has a capability (gateway.ts), for callers that found it by the name on a payment row:
 * the type says what may be asked of it after the check.
 */
export const takesCards = (gateway: PaymentGateway): gateway is CardGateway =>
  gateway.chargeCard !== undefined && gateway.saveCard !== undefined && gateway.describeCard !== undefined;

export const takesPix = (gateway: PaymentGateway): gateway is PixGateway => gateway.createPixCharge !== undefined;

export const takesRedirects = (gateway: PaymentGateway): gateway is RedirectGateway => gateway.createPaypalOrder !== undefined;

export const offersRecurrences = (gateway: PaymentGateway | null): gateway is PaymentGateway & RecurringPixPayments =>
  gateway?.recurrences !== undefined;

/**
 * The provider named on a payment row, with the capability its method needs. Rows name the provider that took
 * them for that method, so a provider without it is a programming error, not a donor's.
 */
export function withCapability<G extends PaymentGateway>(
  gateway: PaymentGateway,
  has: (gateway: PaymentGateway) => gateway is G,
  what: string,
): G {
  if (!has(gateway)) throw new Error(`payment provider ${gateway.name} takes no ${what}`);
  return gateway;
}
