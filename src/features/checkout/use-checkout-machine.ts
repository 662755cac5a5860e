import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '../../app';
import type { CheckoutMachine } from '../../../machines/checkout/checkout.machine';
import { openAttempts } from '../../lib/open-attempts';
import { provideCheckout, realCheckoutServices, type CheckoutServices } from './checkout-services';

/**
 * The thank-you page's search: the donation's id (the page reads what it really was; never an amount
 * anyone could type) and the campaign only when there is one (none: the general fund).
 */
export const thanksSearch = (donationId: string | null, campaignSlug: string | null): { donation?: string; campaign?: string } => ({
  ...(donationId ? { donation: donationId } : {}),
  ...(campaignSlug ? { campaign: campaignSlug } : {}),
});

/**
 * The checkout machine with the real API and gateway, made once per page. A confirmed donation goes
 * to the thank-you page (the donation's id and the campaign to share in the URL); PayPal leaves the
 * app for its approval page and the server's returnUrl brings the donor back to the same page.
 * `page` names the checkout (its progress key): its open attempt is kept under it.
 */
export function useCheckoutMachine(page: string, services: CheckoutServices = realCheckoutServices): CheckoutMachine {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [machine] = useState(() =>
    provideCheckout(
      services,
      {
        finish: ({ id, campaignSlug }) =>
          void navigate({ to: '/doacao-confirmacao/agradecimento', search: thanksSearch(id, campaignSlug) }),
        redirect: (url) => window.location.assign(url),
      },
      user?.id ?? null,
      openAttempts(page),
    ),
  );
  return machine;
}
