import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '../../app';
import type { CheckoutMachine } from '../../../machines/checkout/checkout.machine';
import { provideCheckout, realCheckoutServices, type CheckoutServices } from './checkout-services';

/**
 * The checkout machine with the real API and gateway, made once per page. A confirmed donation goes
 * to the thank-you page (amount in reais in the URL); PayPal leaves the app for its approval page.
 */
export function useCheckoutMachine(services: CheckoutServices = realCheckoutServices): CheckoutMachine {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [machine] = useState(() =>
    provideCheckout(
      services,
      {
        finish: ({ amount }) => void navigate({ to: '/doacao-confirmacao/agradecimento', search: { amount: amount / 100 } }),
        redirect: (url) => window.location.assign(url),
      },
      user?.id ?? null,
    ),
  );
  return machine;
}
