import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { SnapshotFrom } from 'xstate';
import type { CheckoutMachine } from '../../../machines/checkout/checkout.machine';
import {
  provideMonthlyCheckout,
  provideMonthlyGate,
  realMonthlyCheckoutServices,
  type MonthlyCheckoutServices,
} from './monthly-checkout-services';
import { useMachineView } from '../../app/machine-view';
import type { monthlyGateMachine } from '../../../machines/monthly/monthly-gate.machine';

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
  const [view] = useMachineView(machine, selectGateView, { input: { signedIn } });
  return view;
}

type GateScreen = 'visitor' | 'loading' | 'hasOpen' | 'ready';
const gateScreens: GateScreen[] = ['visitor', 'loading', 'hasOpen', 'ready'];

const selectGateView = (snapshot: SnapshotFrom<typeof monthlyGateMachine>) => ({
  screen: gateScreens.find((screen) => snapshot.hasTag(`state:${screen}`)) ?? null,
  subscription: snapshot.context.subscription,
  monthlyPix: snapshot.context.monthlyPix,
});
