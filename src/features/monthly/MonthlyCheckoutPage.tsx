import { useState, type ComponentType } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { MONTHLY_MAX_CENTS, MONTHLY_MIN_CENTS, type CheckoutAddressInput, type ContactInput, type User } from '../../../contracts';
import type { CheckoutInput, CheckoutMachine } from '../../../machines/checkout/checkout.machine';
import { formatMoney, SignInNotice, useAuth, usePageTitle } from '../../app';
import { buttonClass, Container, Notice, PageHeader, Spinner, Stack } from '../../ui';
import { centsOfReais, isMonthlyAmount } from './amount';
import type { MonthlyCheckoutServices } from './monthly-checkout-services';
import { subscriptionStatusText } from './status-text';
import { useMonthlyCheckoutMachine, useMonthlyGate } from './use-monthly-checkout';
import * as s from './monthly.css';

/** What the shared checkout screen takes (src/features/checkout's CheckoutFlow). */
export interface CheckoutViewProps {
  machine: CheckoutMachine;
  input: CheckoutInput;
  /** 'monthly': monthly presets and wording; no anonymous flag, message, "save card" or PIX note. */
  frequency?: 'once' | 'monthly';
}

/** The signed-in donor's contact and registered address, as the checkout prefills them. */
export type PrefillFromUser = (user: User | null) => { contact?: Partial<ContactInput>; registeredAddress: CheckoutAddressInput | null };

export interface MonthlyCheckoutPageProps {
  /** Reais, as in the URL. */
  amount?: number;
  /** Contact fields from the URL's query pairs; the donor's profile fills what they leave out. */
  contact?: Partial<ContactInput>;
  /**
   * The checkout screen and the profile prefill come from the checkout feature; features do not
   * import each other, so the route passes them in.
   */
  Checkout: ComponentType<CheckoutViewProps>;
  prefill: PrefillFromUser;
  services?: MonthlyCheckoutServices;
}

const PRESELECTED_MONTHLY_CENTS = 5000;

const filled = (contact: Partial<ContactInput> | undefined) =>
  Object.fromEntries(Object.entries(contact ?? {}).filter(([, v]) => v !== '' && v !== undefined));

function VisitorNotice() {
  const { t } = useLingui();
  return (
    <SignInNotice description={t`Para doar todo mês você precisa de uma conta: o crédito de cada mês entra na sua carteira Semear.`} />
  );
}

function MonthlyCheckout({ amount, contact, Checkout, prefill, services, monthlyPix }: MonthlyCheckoutPageProps & { monthlyPix: boolean }) {
  const { user } = useAuth();
  const machine = useMonthlyCheckoutMachine(services);
  // The input is read once, when the machine starts.
  const [input] = useState<CheckoutInput>(() => {
    const fromUser = prefill(user);
    const cents = centsOfReais(amount);
    return {
      steps: ['contact', 'payment', 'address'],
      // A card is charged month by month, PIX by Pix Automático where the bank offers it; PayPal, gift cards
      // and the wallet do not fit a subscription.
      methods: monthlyPix ? ['card', 'saved_card', 'pix'] : ['card', 'saved_card'],
      // None (or a wrong one) in the URL: a preset is chosen, so the donor never ends at "nothing chosen".
      amount: isMonthlyAmount(cents) ? cents : PRESELECTED_MONTHLY_CENTS,
      campaign: null,
      signedIn: true,
      // The URL's pairs win over the profile: whoever sent the link chose them for this donor.
      contact: { ...filled(fromUser.contact), ...filled(contact) },
      registeredAddress: fromUser.registeredAddress,
      allowForeigner: false,
      amountRange: { min: MONTHLY_MIN_CENTS, max: MONTHLY_MAX_CENTS },
    };
  });
  return <Checkout machine={machine} input={input} frequency="monthly" />;
}

/** Who may subscribe: visitors sign in first; a donor already giving monthly manages that one. */
function Gate(props: MonthlyCheckoutPageProps) {
  const { t, i18n } = useLingui();
  const { isSignedIn } = useAuth();
  const gate = useMonthlyGate(isSignedIn, props.services);
  if (gate.screen === 'visitor') return <VisitorNotice />;
  if (gate.screen === 'loading') return <Spinner label={t`Carregando…`} />;
  const open = gate.subscription;
  if (gate.screen === 'hasOpen' && open) {
    const value = formatMoney(open.amount);
    const status = i18n._(subscriptionStatusText[open.status]);
    return (
      <Notice tone="warning">
        <Stack gap="3">
          <span>
            <Trans>
              Você já tem uma doação mensal de {value} ({status}). Para mudar o valor ou o cartão, use a sua carteira.
            </Trans>
          </span>
          <div>
            <Link to="/profile/wallet" className={buttonClass({ variant: 'primary' })}>
              <Trans>Gerenciar minha doação mensal</Trans>
            </Link>
          </div>
        </Stack>
      </Notice>
    );
  }
  return <MonthlyCheckout {...props} monthlyPix={gate.monthlyPix} />;
}

/** /doacao-mensal/checkout?amount — the shared checkout (contact, card, address) creating a subscription. */
export function MonthlyCheckoutPage(props: MonthlyCheckoutPageProps) {
  const { t } = useLingui();
  const { isLoading, isSignedIn } = useAuth();
  usePageTitle(t`Finalize sua doação mensal`);
  return (
    <Container>
      <Stack gap="6">
        <PageHeader
          eyebrow={t`Doação mensal`}
          title={t`Finalize sua doação mensal`}
          lead={t`O primeiro mês é cobrado agora e vira crédito na sua carteira; depois, a cobrança se repete todo mês no mesmo dia.`}
        />
        <p className={s.muted}>
          <Trans>
            Você escolhe para onde vai o crédito. O que sobrar no fim do mês é doado automaticamente para a causa que você mais apoia.
          </Trans>
        </p>
        {isLoading ? (
          // The gate and the prefill depend on who is signed in.
          <Spinner label={t`Carregando…`} />
        ) : (
          // Signing in (or out) in another tab starts the gate again.
          <Gate key={String(isSignedIn)} {...props} />
        )}
      </Stack>
    </Container>
  );
}
