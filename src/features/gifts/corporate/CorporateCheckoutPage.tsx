import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CheckoutInput } from '../../../../machines/checkout/checkout.machine';
import type { CorporateDefinitionOutput } from '../../../../machines/gift-card/corporate-definition.machine';
import { formatMoney, formatNumber, SignInNotice, useAuth } from '../../../app';
import { usePageTitle } from '../../../app/page-title';
import { buttonClass, Card, Container, Notice, PageHeader, Stack } from '../../../ui';
import { corporateDefinitionStorage } from '../definition-storage';
import type { GiftCardCheckoutPageProps } from '../GiftCardCheckoutPage';
import { corporateOrderRequestOf, provideGiftCardCheckout, realGiftCardCheckoutServices } from '../gift-card-checkout-services';
import { CorporateRecap } from './CorporateRecap';
import * as s from '../gifts.css';

const countOf = ({ recipients }: CorporateDefinitionOutput) => (recipients.source === 'sheet' ? recipients.count : recipients.quantity);

function Checkout({
  definition,
  Checkout: CheckoutView,
  prefill,
  urlError,
  services = realGiftCardCheckoutServices,
}: GiftCardCheckoutPageProps & { definition: CorporateDefinitionOutput }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [machine] = useState(() =>
    provideGiftCardCheckout(
      (request, idempotencyKey) => services.createCorporateOrder(corporateOrderRequestOf(definition, request), { idempotencyKey }),
      services,
      {
        finish: (order) => void navigate({ to: '/gift-card/agradecimento', search: { type: 'corporate', order: order ?? undefined } }),
        redirect: (url) => window.location.assign(url),
      },
      user?.id ?? null,
    ),
  );
  const count = countOf(definition);
  const total = definition.design.value * count;
  // The input is read once, when the machine starts.
  const [input] = useState<CheckoutInput>(() => {
    const fromUser = prefill(user);
    return {
      steps: ['contact', 'payment', 'address'],
      // A company with its CNPJ pays from Brazil: no PayPal; never another gift card.
      methods: ['card', 'saved_card', 'pix', 'wallet'],
      amount: total,
      amountRange: { min: total, max: total },
      campaign: null,
      signedIn: true,
      contact: { ...fromUser.contact, is_company: true, foreigner: false },
      registeredAddress: fromUser.registeredAddress,
      allowForeigner: false,
      companyOnly: true,
    };
  });
  const quantity = formatNumber(count);
  const each = formatMoney(definition.design.value);
  return (
    <CheckoutView
      machine={machine}
      input={input}
      frequency="gift_card"
      summaryTitle={t`${quantity} gift card(s) de ${each}`}
      progressKey="corporate-gift-card-checkout"
      urlError={urlError}
    />
  );
}

/** /gift-card/checkout-corporate — the shared checkout, paid by a company, for the cards defined in this tab. */
export function CorporateCheckoutPage(props: GiftCardCheckoutPageProps) {
  const { t } = useLingui();
  const { isLoading, isSignedIn } = useAuth();
  usePageTitle(t`Pagamento do pedido corporativo`);
  const [definition] = useState(() => corporateDefinitionStorage.read());
  return (
    <Container className={s.page}>
      <PageHeader
        eyebrow={t`Gift card corporativo`}
        title={t`Pagamento do pedido corporativo`}
        lead={t`Dados da empresa, pagamento e endereço de cobrança. Os códigos ficam disponíveis para baixar depois da confirmação.`}
      />
      {isLoading ? null : !isSignedIn ? (
        <SignInNotice
          description={t`Para comprar gift cards corporativos entre na sua conta: a planilha e o logo ficam guardados nela até o pagamento.`}
        />
      ) : definition === null ? (
        <Notice>
          <Stack gap="3">
            <span>
              <Trans>Primeiro monte o pedido: valor, mensagem, modelo e quem recebe.</Trans>
            </span>
            <div>
              <Link to="/gift-card/definition_corporate" className={buttonClass({ variant: 'primary' })}>
                <Trans>Montar o pedido</Trans>
              </Link>
            </div>
          </Stack>
        </Notice>
      ) : (
        <>
          <Card>
            <CorporateRecap
              design={definition.design}
              count={countOf(definition)}
              shipping={definition.recipients.source === 'sheet' ? definition.recipients.shipping : null}
              logo={definition.logo}
            />
            <p className={s.muted}>
              <Link to="/gift-card/definition_corporate">
                <Trans>Alterar o pedido</Trans>
              </Link>
            </p>
          </Card>
          <Checkout {...props} definition={definition} />
        </>
      )}
    </Container>
  );
}
