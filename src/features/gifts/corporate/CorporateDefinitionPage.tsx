import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CORPORATE_LOGO_MIN_QUANTITY, giftCardExpiry } from '../../../../contracts';
import { SignInNotice, useAuth } from '../../../app';
import { usePageTitle } from '../../../app/page-title';
import { Button, Card, Container, FormActions, PageHeader } from '../../../ui';
import { DesignStep, type DesignDraft } from '../DesignStep';
import { GiftCardPreview } from '../GiftCardPreview';
import { ShippingStep } from '../ShippingStep';
import type { CorporateDefinitionServices } from './corporate-definition-services';
import { OrderRecap } from '../OrderRecap';
import { LogoStep } from './LogoStep';
import { SheetStep } from './SheetStep';
import { useCorporateDefinition } from './use-corporate-definition';
import { numberedTitles } from '../step-titles';
import { useStepHeading } from '../use-step-heading';
import * as s from '../gifts.css';

/**
 * /gift-card/definition_corporate: a company's cards (value, template, message, sender), who receives
 * them (a spreadsheet, or codes it hands out), how they travel, its logo from 100 cards, and a review.
 * The steps and their rules are the corporate definition machine's (machines/gift-card). Signed in only:
 * the spreadsheet and the logo are sent before paying.
 */
export function CorporateDefinitionPage({ services }: { services?: CorporateDefinitionServices }) {
  const { t } = useLingui();
  usePageTitle(t`Gift card corporativo`);
  const { isSignedIn, isLoading } = useAuth();
  return (
    <Container className={s.page}>
      <PageHeader
        eyebrow={t`Gift card corporativo`}
        title={t`Gift cards para a sua equipe`}
        lead={t`Envie uma planilha com nome e e-mail de cada pessoa ou peça só os códigos, escolha o valor e a mensagem e veja o cartão antes de pagar.`}
      />
      {isLoading ? null : isSignedIn ? (
        <Definition services={services} />
      ) : (
        <SignInNotice
          description={t`Para comprar gift cards corporativos entre na sua conta: a planilha e o logo ficam guardados nela até o pagamento.`}
        />
      )}
    </Container>
  );
}

function Definition({ services }: { services?: CorporateDefinitionServices }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const [view, send] = useCorporateDefinition(services);
  const [draft, setDraft] = useState<DesignDraft | null>(null);
  const onDraft = useCallback((next: DesignDraft) => setDraft(next), []);
  const shown = view.step === 'design' ? draft : view.design;
  const back = () => send({ type: 'step.backRequested' });
  const heading = useStepHeading(view.step);
  // Codes have no shipping step and fewer than 100 cards no logo: the steps are numbered as they come.
  const titles = numberedTitles(
    [
      'design',
      'recipients',
      ...(view.quantity === null ? (['shipping'] as const) : []),
      ...(view.count >= CORPORATE_LOGO_MIN_QUANTITY ? (['logo'] as const) : []),
      'review',
    ],
    { design: t`O cartão`, recipients: t`Recebedores`, shipping: t`Envio`, logo: t`Logo da empresa`, review: t`Revisão` },
  );
  return (
    <div className={s.layout}>
      <Card>
        {view.step ? (
          <h2 ref={heading} tabIndex={-1} className={s.sectionTitle}>
            {titles[view.step]}
          </h2>
        ) : null}
        {view.step === 'design' ? (
          <DesignStep
            withQuantity={false}
            design={view.design}
            defaultFrom={user?.name ?? ''}
            issues={view.issues}
            onDraft={onDraft}
            onSubmit={(design) => send({ type: 'design.submitted', design })}
          />
        ) : null}
        {view.step === 'recipients' ? <SheetStep view={view} send={send} /> : null}
        {view.step === 'shipping' ? (
          <ShippingStep
            printable={false}
            shipping={view.shipping}
            issues={view.issues}
            onSubmit={(shipping, submittedAt) => send({ type: 'shipping.submitted', shipping, submittedAt })}
            onBack={back}
          />
        ) : null}
        {view.step === 'logo' ? <LogoStep view={view} send={send} /> : null}
        {view.step === 'review' && view.design ? (
          <section aria-label={t`Revisão`} className={s.stack}>
            <OrderRecap
              value={view.design.value}
              template={view.design.template}
              count={view.count}
              shipping={view.sheet ? view.shipping : null}
              logo={view.logo}
              withTotal
            />
            <FormActions>
              <Button type="button" variant="ghost" onClick={back}>
                <Trans>Voltar</Trans>
              </Button>
              <Button type="button" variant="accent" onClick={() => send({ type: 'definition.confirmed' })}>
                <Trans>Continuar para o pagamento</Trans>
              </Button>
            </FormActions>
          </section>
        ) : null}
      </Card>
      <aside className={s.previewColumn} aria-label={t`Prévia`}>
        <GiftCardPreview
          value={shown?.value ?? null}
          template={shown?.template ?? null}
          message={shown?.message ?? ''}
          from={shown?.from ?? ''}
          logoUrl={view.logo?.url}
          expiresAt={giftCardExpiry(new Date())}
        />
        <p className={s.muted}>
          <Trans>Assim o cartão chega para cada pessoa, com o código para usar na hora.</Trans>
        </p>
      </aside>
    </div>
  );
}
