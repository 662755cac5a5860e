import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CorporateDefinitionOutput } from '../../../../machines/gift-card/corporate-definition.machine';
import { SignInNotice, useAuth } from '../../../app';
import { usePageTitle } from '../../../app/page-title';
import { buttonClass, Card, Container, Notice, PageHeader, Stack } from '../../../ui';
import { corporateDefinitionStorage } from '../definition-storage';
import { corporateOrderRequestOf } from '../gift-card-checkout-services';
import { OrderCheckout, type GiftCardCheckoutPageProps } from '../OrderCheckout';
import { OrderRecap } from '../OrderRecap';
import * as s from '../gifts.css';

const countOf = ({ recipients }: CorporateDefinitionOutput) => (recipients.source === 'sheet' ? recipients.count : recipients.quantity);

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
            <OrderRecap
              value={definition.design.value}
              template={definition.design.template}
              withTotal
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
          <OrderCheckout
            {...props}
            placeOrder={(services) => (request, idempotencyKey) =>
              services.createCorporateOrder(corporateOrderRequestOf(definition, request), { idempotencyKey })
            }
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
