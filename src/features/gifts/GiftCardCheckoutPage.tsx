import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { GiftCardDefinitionOutput } from '../../../machines/gift-card/gift-card-definition.machine';
import { useAuth } from '../../app/auth/auth-context';
import { usePageTitle } from '../../app/page-title';
import { Card, Container, PageHeader } from '../../ui';
import { NothingToPay, useCheckoutDraft } from './CheckoutDraft';
import { personalDraft } from './order-drafts';
import { orderRequestOf } from './gift-card-checkout-services';
import { OrderCheckout, type GiftCardCheckoutPageProps } from './OrderCheckout';
import { OrderRecap } from './OrderRecap';
import * as s from './gifts.css';

export type { GiftCardCheckoutPageProps, GiftCardCheckoutViewProps } from './OrderCheckout';

/** What is being bought, with a way back to change it. */
function Recap({ definition }: { definition: GiftCardDefinitionOutput }) {
  const { design, shipping, recipients } = definition;
  return (
    <Card>
      <OrderRecap
        value={design.value}
        count={design.quantity}
        template={design.template}
        shipping={shipping}
        recipients={recipients.map((r) => r.name)}
      />
      <p className={s.muted}>
        <Link to="/gift-card/definition">
          <Trans>Alterar os cartões</Trans>
        </Link>
      </p>
    </Card>
  );
}

const shippingOf = (definition: GiftCardDefinitionOutput) => definition.shipping;

/**
 * /gift-card/checkout — the shared checkout (contact, payment, address) paying for the cards defined
 * in this tab; once they are paid, that they are (the browser's Back comes here).
 */
export function GiftCardCheckoutPage(props: GiftCardCheckoutPageProps) {
  const { t } = useLingui();
  const { isLoading } = useAuth();
  usePageTitle(t`Pagamento do gift card`);
  const { definition, lastPaid, leaving } = useCheckoutDraft(personalDraft, shippingOf, '/gift-card/definition');
  if (leaving) return null;
  return (
    <Container className={s.page}>
      <PageHeader
        eyebrow={t`Gift card`}
        title={t`Pagamento do gift card`}
        lead={t`Seus dados, o pagamento e o endereço de cobrança, com o resumo do pedido sempre à vista.`}
      />
      {definition === null ? (
        <NothingToPay lastPaid={lastPaid} path="/gift-card/definition" />
      ) : (
        <>
          <Recap definition={definition} />
          {/* The prefill depends on who is signed in. */}
          {isLoading ? null : (
            <OrderCheckout
              {...props}
              placeOrder={(services) => (request, idempotencyKey) =>
                services.createOrder(orderRequestOf(definition, request, personalDraft.draftId()), { idempotencyKey })
              }
              draft={personalDraft}
              shipping={definition.shipping}
              definitionPath="/gift-card/definition"
              thanksType={definition.shipping.mode}
              value={definition.design.value}
              count={definition.design.quantity}
            />
          )}
        </>
      )}
    </Container>
  );
}
