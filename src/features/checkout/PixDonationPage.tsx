import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CheckoutCampaign, CheckoutInput } from '../../../machines/checkout/checkout.machine';
import { useAuth, usePageTitle } from '../../app';
import { Container, PageHeader, Spinner, Stack } from '../../ui';
import { CheckoutFlow } from './CheckoutFlow';
import { contactFromUser, PRESELECTED_AMOUNT_CENTS } from './prefill';
import { useCheckoutMachine } from './use-checkout-machine';

const PIX_PAGE = 'doacao-pix';

function PixCheckout({ campaigns }: { campaigns: CheckoutCampaign[] }) {
  const { user, isSignedIn } = useAuth();
  const machine = useCheckoutMachine(PIX_PAGE);
  // Read once, when the machine starts. A suggested amount is chosen from the start (none chosen ended
  // in a refusal naming nothing). PIX needs a Brazilian bank account and PayPal is not offered here: no
  // foreigner option.
  const [input] = useState<CheckoutInput>(() => ({
    steps: ['contact', 'payment'],
    methods: ['pix'],
    amount: PRESELECTED_AMOUNT_CENTS,
    campaign: null,
    signedIn: isSignedIn,
    contact: contactFromUser(user),
    allowForeigner: false,
  }));
  return <CheckoutFlow machine={machine} input={input} campaignOptions={campaigns} progressKey={PIX_PAGE} />;
}

/** /doacao-pix — give by PIX to a chosen campaign or the general fund, without a campaign page. */
export function PixDonationPage({ campaigns }: { campaigns: CheckoutCampaign[] }) {
  const { t } = useLingui();
  const { isLoading } = useAuth();
  usePageTitle(t`Doe por PIX`);
  return (
    <Container>
      <Stack gap="6">
        <PageHeader
          eyebrow={t`PIX`}
          title={t`Doe por PIX`}
          lead={t`Escolha a campanha (ou o fundo geral), o valor e pague no app do seu banco: a confirmação aparece aqui sozinha.`}
        />
        {isLoading ? <Spinner label={t`Carregando…`} /> : <PixCheckout campaigns={campaigns} />}
      </Stack>
    </Container>
  );
}
