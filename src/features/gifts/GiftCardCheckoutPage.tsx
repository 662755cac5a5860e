import { useState, type ComponentType } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CheckoutAddressInput, ContactInput, User } from '../../../contracts';
import type { CheckoutInput, CheckoutMachine } from '../../../machines/checkout/checkout.machine';
import type { GiftCardDefinitionOutput } from '../../../machines/gift-card/gift-card-definition.machine';
import { useAuth } from '../../app/auth/auth-context';
import { formatMoney } from '../../app/format';
import { usePageTitle } from '../../app/page-title';
import { buttonClass, Card, Container, Notice, PageHeader, Stack } from '../../ui';
import { definitionStorage } from './definition-storage';
import {
  orderRequestOf,
  provideGiftCardCheckout,
  realGiftCardCheckoutServices,
  type GiftCardCheckoutServices,
} from './gift-card-checkout-services';
import { ShippingText } from './ShippingText';
import { templateLooks } from './templates';
import * as s from './gifts.css';

/** What the shared checkout screen takes (src/features/checkout's CheckoutFlow). */
export interface GiftCardCheckoutViewProps {
  machine: CheckoutMachine;
  input: CheckoutInput;
  frequency?: 'gift_card';
  summaryTitle?: string;
  progressKey?: string;
  urlError?: string;
}

export interface GiftCardCheckoutPageProps {
  /**
   * The checkout screen and the profile prefill come from the checkout feature; features do not
   * import each other, so the route passes them in.
   */
  Checkout: ComponentType<GiftCardCheckoutViewProps>;
  prefill: (user: User | null) => { contact?: Partial<ContactInput>; registeredAddress: CheckoutAddressInput | null };
  /** `?error` of the URL (a cancelled PayPal approval). */
  urlError?: string;
  services?: GiftCardCheckoutServices;
}

/** What is being bought, with a way back to change it. */
function Recap({ definition }: { definition: GiftCardDefinitionOutput }) {
  const { i18n } = useLingui();
  const { design, shipping, recipients } = definition;
  const each = formatMoney(design.value);
  const quantity = design.quantity;
  const template = i18n._(templateLooks[design.template].name);
  return (
    <Card>
      <dl className={s.summary}>
        <dt className={s.term}>
          <Trans>Cartões</Trans>
        </dt>
        <dd className={s.definition}>
          <Trans>
            {quantity} × {each}, modelo {template}
          </Trans>
        </dd>
        <dt className={s.term}>
          <Trans>Envio</Trans>
        </dt>
        <dd className={s.definition}>
          <ShippingText shipping={shipping} />
        </dd>
        {recipients.length > 0 ? (
          <>
            <dt className={s.term}>
              <Trans>Para</Trans>
            </dt>
            <dd className={s.definition}>{recipients.map((r) => r.name).join(', ')}</dd>
          </>
        ) : null}
      </dl>
      <p className={s.muted}>
        <Link to="/gift-card/definition">
          <Trans>Alterar os cartões</Trans>
        </Link>
      </p>
    </Card>
  );
}

function Checkout({
  definition,
  Checkout: CheckoutView,
  prefill,
  urlError,
  services = realGiftCardCheckoutServices,
}: GiftCardCheckoutPageProps & { definition: GiftCardDefinitionOutput }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { user, isSignedIn } = useAuth();
  const [machine] = useState(() =>
    provideGiftCardCheckout(
      (request, idempotencyKey) => services.createOrder(orderRequestOf(definition, request), { idempotencyKey }),
      services,
      {
        finish: (order) =>
          void navigate({ to: '/gift-card/agradecimento', search: { type: definition.shipping.mode, order: order ?? undefined } }),
        redirect: (url) => window.location.assign(url),
      },
      user?.id ?? null,
    ),
  );
  const total = definition.design.value * definition.design.quantity;
  // The input is read once, when the machine starts.
  const [input] = useState<CheckoutInput>(() => {
    const fromUser = prefill(user);
    return {
      steps: ['contact', 'payment', 'address'],
      // Any way to pay but another gift card; the wallet and saved cards for a signed-in buyer.
      methods: ['card', 'saved_card', 'pix', 'paypal', 'wallet'],
      amount: total,
      amountRange: { min: total, max: total },
      campaign: null,
      signedIn: isSignedIn,
      contact: fromUser.contact,
      registeredAddress: fromUser.registeredAddress,
      allowForeigner: true,
    };
  });
  const quantity = definition.design.quantity;
  const each = formatMoney(definition.design.value);
  return (
    <CheckoutView
      machine={machine}
      input={input}
      frequency="gift_card"
      summaryTitle={t`${quantity} gift card(s) de ${each}`}
      progressKey="gift-card-checkout"
      urlError={urlError}
    />
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
          {isLoading ? null : <Checkout {...props} definition={definition} />}
        </>
      )}
    </Container>
  );
}
