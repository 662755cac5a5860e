import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { GiftCardDefinitionOutput } from '../../../machines/gift-card/gift-card-definition.machine';
import { useAuth } from '../../app/auth/auth-context';
import { usePageTitle } from '../../app/page-title';
import { buttonClass, Card, Container, Notice, PageHeader, Stack } from '../../ui';
import { definitionStorage } from './definition-storage';
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

/** /gift-card/checkout — the shared checkout (contact, payment, address) paying for the cards defined in this tab. */
export function GiftCardCheckoutPage(props: GiftCardCheckoutPageProps) {
  const { t } = useLingui();
  const { isLoading } = useAuth();
  usePageTitle(t`Pagamento do gift card`);
  const [definition] = useState(() => definitionStorage.read());
  return (
    <Container className={s.page}>
      <PageHeader
        eyebrow={t`Gift card`}
        title={t`Pagamento do gift card`}
        lead={t`Seus dados, o pagamento e o endereço de cobrança, com o resumo do pedido sempre à vista.`}
      />
      {definition === null ? (
        <Notice>
          <Stack gap="3">
            <span>
              <Trans>Primeiro monte seus gift cards: valor, mensagem, modelo e para quem enviar.</Trans>
            </span>
            <div>
              <Link to="/gift-card/definition" className={buttonClass({ variant: 'primary' })}>
                <Trans>Montar gift cards</Trans>
              </Link>
            </div>
          </Stack>
        </Notice>
      ) : (
        <>
          <Recap definition={definition} />
          {/* The prefill depends on who is signed in. */}
          {isLoading ? null : (
            <OrderCheckout
              {...props}
              placeOrder={(services) => (request, idempotencyKey) =>
                services.createOrder(orderRequestOf(definition, request), { idempotencyKey })
              }
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
