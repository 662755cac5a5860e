import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import type { CheckoutMachine } from '../../../machines/checkout/checkout.machine';
import {
  provideMonthlyCheckout,
  provideMonthlyGate,
  realMonthlyCheckoutServices,
  type MonthlyCheckoutServices,
} from './monthly-checkout-services';

/** The checkout machine for monthly giving, made once per page; a paid first month goes to the thank-you page. */
export function useMonthlyCheckoutMachine(services: MonthlyCheckoutServices = realMonthlyCheckoutServices): CheckoutMachine {
  const navigate = useNavigate();
  const [machine] = useState(() =>
    provideMonthlyCheckout(services, {
      // The thank-you page reads the amount from the subscription, not from the URL.
      finish: () => void navigate({ to: '/doacao-mensal/agradecimento' }),
    }),
  );
  return machine;
}

/** Visitor, already giving monthly, or ready to subscribe (machines/monthly/monthly-gate.machine.ts). */
export function useMonthlyGate(signedIn: boolean, services: MonthlyCheckoutServices = realMonthlyCheckoutServices) {
  const [machine] = useState(() => provideMonthlyGate(services));
  const [snapshot] = useMachine(machine, { input: { signedIn } });
  return snapshot;
}
