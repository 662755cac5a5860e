import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CorporateDefinitionOutput } from '../../../../machines/gift-card/corporate-definition.machine';
import { SignInNotice, useAuth } from '../../../app';
import { usePageTitle } from '../../../app/page-title';
import { Card, Container, PageHeader } from '../../../ui';
import { NothingToPay, useCheckoutDraft } from '../CheckoutDraft';
import { corporateDraft } from '../order-drafts';
import { corporateOrderRequestOf } from '../gift-card-checkout-services';
import { OrderCheckout, type GiftCardCheckoutPageProps } from '../OrderCheckout';
import { OrderRecap } from '../OrderRecap';
import * as s from '../gifts.css';

const countOf = ({ recipients }: CorporateDefinitionOutput) => (recipients.source === 'sheet' ? recipients.count : recipients.quantity);
const shippingOf = ({ recipients }: CorporateDefinitionOutput) => (recipients.source === 'sheet' ? recipients.shipping : null);

/** /gift-card/checkout-corporate — the shared checkout, paid by a company, for the cards defined in this tab. */
export function CorporateCheckoutPage(props: GiftCardCheckoutPageProps) {
  const { t } = useLingui();
  const { isLoading, isSignedIn } = useAuth();
  usePageTitle(t`Pagamento do pedido corporativo`);
  const { definition, lastPaid, leaving } = useCheckoutDraft(corporateDraft, shippingOf, '/gift-card/definition_corporate');
  if (leaving) return null;
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
        <NothingToPay lastPaid={lastPaid} path="/gift-card/definition_corporate" corporate />
      ) : (
        <>
          <Card>
            <OrderRecap
              value={definition.design.value}
              template={definition.design.template}
              withTotal
              count={countOf(definition)}
              shipping={shippingOf(definition)}
              logo={definition.logo}
            />
            <p className={s.muted}>
              <Link to="/gift-card/definition_corporate">
                <Trans>Alterar o pedido</Trans>
              </Link>
            </p>
          </Card>
          <OrderCheckout
            {...props}
            placeOrder={(services) => (request, idempotencyKey) =>
              services.createCorporateOrder(corporateOrderRequestOf(definition, request, corporateDraft.draftId()), { idempotencyKey })
            }
            draft={corporateDraft}
            shipping={shippingOf(definition)}
            definitionPath="/gift-card/definition_corporate"
            thanksType="corporate"
            value={definition.design.value}
            count={countOf(definition)}
            corporate
          />
        </>
      )}
    </Container>
  );
}
