import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { CampaignDetail } from '../../../contracts';
import type { CheckoutInput } from '../../../machines/checkout/checkout.machine';
import { useAuth, usePageTitle } from '../../app';
import { Container, Notice, PageHeader, Spinner, Stack } from '../../ui';
import { CheckoutFlow } from './CheckoutFlow';
import { addressFromUser, contactFromUser, PRESELECTED_AMOUNT_CENTS } from './prefill';
import { useCheckoutMachine } from './use-checkout-machine';
import { centsOf } from '../../lib/money';

interface Props {
  campaign: CampaignDetail;
  /** Reais, as in the URL. */
  amount?: number;
  sharedCampaignId?: string;
  error?: string;
}

function DonateCheckout({ campaign, amount, sharedCampaignId, error }: Props) {
  const { user, isSignedIn } = useAuth();
  const page = `donate:${campaign.slug}`;
  const machine = useCheckoutMachine(page);
  // The input is read once, when the machine starts.
  const [input] = useState<CheckoutInput>(() => ({
    steps: ['contact', 'payment', 'address'],
    methods: ['card', 'saved_card', 'pix', 'paypal', 'gift_card', 'wallet'],
    // No amount in the URL: a suggested one is chosen, so the donor never ends at "nothing chosen".
    amount: amount !== undefined ? centsOf(amount) : PRESELECTED_AMOUNT_CENTS,
    campaign: { slug: campaign.slug, title: campaign.title, cover_url: campaign.cover_url },
    signedIn: isSignedIn,
    contact: contactFromUser(user),
    registeredAddress: addressFromUser(user),
    sharedCampaignId: sharedCampaignId ?? null,
  }));
  return <CheckoutFlow machine={machine} input={input} urlError={error} progressKey={page} />;
}

/** /{slug}/donate?amount&shared_campaign_id&error — one-time donation to a campaign. */
export function CampaignDonatePage(props: Props) {
  const { t } = useLingui();
  const { isLoading } = useAuth();
  const title = props.campaign.title;
  usePageTitle(t`Doar para ${title}`);
  return (
    <Container>
      <Stack gap="6">
        <PageHeader
          eyebrow={t`Doação`}
          title={t`Doar para ${title}`}
          lead={t`Contato, pagamento e endereço, com o valor sempre à vista.`}
        />
        {!props.campaign.accepting_donations ? (
          <Notice tone="warning">
            <Trans>Esta campanha não está recebendo doações.</Trans>{' '}
            <Link to="/doacao-pix">
              <Trans>Doe para o fundo geral Semear</Trans>
            </Link>
          </Notice>
        ) : isLoading ? (
          // The prefill and the payment options depend on who is signed in.
          <Spinner label={t`Carregando…`} />
        ) : (
          <DonateCheckout {...props} />
        )}
      </Stack>
    </Container>
  );
}
