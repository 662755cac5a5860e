import { useState, type ComponentType } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CheckoutAddressInput, ContactInput, GiftCardShipping, PaymentMethod, User } from '../../../contracts';
import type { CheckoutInput, CheckoutMachine } from '../../../machines/checkout/checkout.machine';
import { useAuth } from '../../app/auth/auth-context';
import { formatMoney } from '../../app/format';
import type { OrderDraft } from './order-drafts';
import { scheduleHasPassed } from './schedule';
import { openAttempts } from '../../lib/open-attempts';
import {
  provideGiftCardCheckout,
  realGiftCardCheckoutServices,
  type GiftCardCheckoutServices,
  type PlaceOrder,
} from './gift-card-checkout-services';

/** What the shared checkout screen takes (src/features/checkout's CheckoutFlow). */
export interface GiftCardCheckoutViewProps {
  machine: CheckoutMachine;
  input: CheckoutInput;
  frequency?: 'gift_card';
  summaryTitle?: string;
  progressKey?: string;
  urlError?: string;
}

export interface GiftCardCheckoutPageProps {
  /**
   * The checkout screen and the profile prefill come from the checkout feature; features do not
   * import each other, so the route passes them in.
   */
  Checkout: ComponentType<GiftCardCheckoutViewProps>;
  prefill: (user: User | null) => { contact?: Partial<ContactInput>; registeredAddress: CheckoutAddressInput | null };
  /** `?error` of the URL (a cancelled PayPal approval). */
  urlError?: string;
  services?: GiftCardCheckoutServices;
}

interface OrderCheckoutProps extends GiftCardCheckoutPageProps {
  /** Places the order with the checkout's request. */
  placeOrder: (services: GiftCardCheckoutServices) => PlaceOrder;
  /** The tab's draft of this order: told which order was placed for it, and when it is paid. */
  draft: Pick<OrderDraft<unknown>, 'placed' | 'paid'>;
  /** How the cards travel (null: codes); a scheduled send that passes before paying sends the buyer back to choose another. */
  shipping: GiftCardShipping | null;
  definitionPath: '/gift-card/definition' | '/gift-card/definition_corporate';
  /** `?type` of the thank-you page the paid order opens. */
  thanksType: string;
  value: number;
  count: number;
  /** A company's batch: only a company (CNPJ) pays, from Brazil (no PayPal). */
  corporate?: boolean;
}

/** The shared checkout machine paying for gift cards: a fixed total, any way to pay but another gift card. */
export function OrderCheckout({
  Checkout,
  prefill,
  urlError,
  services = realGiftCardCheckoutServices,
  placeOrder,
  draft,
  shipping,
  definitionPath,
  thanksType,
  value,
  count,
  corporate = false,
}: OrderCheckoutProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { user, isSignedIn } = useAuth();
  const progressKey = corporate ? 'corporate-gift-card-checkout' : 'gift-card-checkout';
  const [machine] = useState(() => {
    const place = placeOrder(services);
    const find = corporate ? services.findCorporateAttempt : services.findAttempt;
    return provideGiftCardCheckout(
      async (request, idempotencyKey) => {
        // Paused past the scheduled send: nothing is charged, the buyer picks another moment on the shipping step.
        if (scheduleHasPassed(shipping)) {
          void navigate({ to: definitionPath });
          throw new Error('The scheduled send has passed');
        }
        const result = await place(request, idempotencyKey);
        draft.placed(result.order.id);
        return result;
      },
      services,
      {
        finish: (order) => {
          if (order) draft.paid(order);
          void navigate({ to: '/gift-card/agradecimento', search: { type: thanksType, order: order ?? undefined } });
        },
        redirect: (url) => window.location.assign(url),
      },
      user?.id ?? null,
      {
        attempts: openAttempts(progressKey),
        find: async (key) => {
          // The order a lost answer had placed is this draft's, as if its answer had come.
          const result = await find(key);
          draft.placed(result.order.id);
          return result;
        },
      },
    );
  });
  const total = value * count;
  // The input is read once, when the machine starts.
  const [input] = useState<CheckoutInput>(() => {
    const fromUser = prefill(user);
    // The wallet and saved cards for a signed-in buyer; PayPal only for people abroad, never a company's batch.
    const methods: PaymentMethod[] = corporate
      ? ['card', 'saved_card', 'pix', 'wallet']
      : ['card', 'saved_card', 'pix', 'paypal', 'wallet'];
    return {
      steps: ['contact', 'payment', 'address'],
      methods,
      amount: total,
      amountRange: { min: total, max: total },
      campaign: null,
      signedIn: isSignedIn,
      contact: corporate ? { ...fromUser.contact, is_company: true, foreigner: false } : fromUser.contact,
      registeredAddress: fromUser.registeredAddress,
      allowForeigner: !corporate,
      companyOnly: corporate,
    };
  });
  const each = formatMoney(value);
  return (
    <Checkout
      machine={machine}
      input={input}
      frequency="gift_card"
      summaryTitle={t`${plural(count, { one: `# gift card de ${each}`, other: `# gift cards de ${each}` })}`}
      progressKey={progressKey}
      urlError={urlError}
    />
  );
}
