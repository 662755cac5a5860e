import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { giftCardExpiry } from '../../../contracts';
import { useAuth } from '../../app/auth/auth-context';
import { formatMoney } from '../../app/format';
import { usePageTitle } from '../../app/page-title';
import { Button, Card, Container, FormActions, PageHeader } from '../../ui';
import { DesignStep, type DesignDraft } from './DesignStep';
import { GiftCardPreview } from './GiftCardPreview';
import { ShippingText } from './ShippingText';
import { RecipientsStep } from './RecipientsStep';
import { ShippingStep } from './ShippingStep';
import { useGiftCardDefinition, type DefinitionView } from './use-gift-card-definition';
import { numberedTitles } from './step-titles';
import { useStepHeading } from './use-step-heading';
import * as s from './gifts.css';

/**
 * /gift-card/definition: the card (value, quantity, template, message, sender), how it travels, who
 * receives it, and a review; the preview beside the steps is the card as the recipient will see it.
 * The steps and their rules are the gift-card definition machine's (machines/gift-card).
 */
export function GiftCardDefinitionPage() {
  const { t } = useLingui();
  usePageTitle(t`Monte seu gift card`);
  const { user } = useAuth();
  const [view, send] = useGiftCardDefinition();
  const [draft, setDraft] = useState<DesignDraft | null>(null);
  const onDraft = useCallback((next: DesignDraft) => setDraft(next), []);
  const shown = view.step === 'design' ? draft : view.design;
  const back = () => send({ type: 'step.backRequested' });
  const heading = useStepHeading(view.step);
  // Cards to print have no recipients step: the review is then the third.
  const titles = numberedTitles(
    view.shipping?.mode === 'pdf' ? ['design', 'shipping', 'review'] : ['design', 'shipping', 'recipients', 'review'],
    { design: t`O cartão`, shipping: t`Envio`, recipients: t`Recebedores`, review: t`Revisão` },
  );

  return (
    <Container className={s.page}>
      <PageHeader
        eyebrow={t`Gift card`}
        title={t`Monte seu gift card`}
        lead={t`Escolha o valor (a partir de R$ 30,00), a quantidade, a mensagem e o modelo, diga para quem enviar e veja a prévia antes de pagar.`}
      />
      <div className={s.layout}>
        <Card>
          {view.step ? (
            <h2 ref={heading} tabIndex={-1} className={s.sectionTitle}>
              {titles[view.step]}
            </h2>
          ) : null}
          {view.step === 'design' ? (
            <DesignStep
              design={view.design}
              defaultFrom={user?.name ?? ''}
              issues={view.issues}
              onDraft={onDraft}
              onSubmit={(design) => send({ type: 'design.submitted', design })}
            />
          ) : null}
          {view.step === 'shipping' ? (
            <ShippingStep
              shipping={view.shipping}
              issues={view.issues}
              onSubmit={(shipping, submittedAt) => send({ type: 'shipping.submitted', shipping, submittedAt })}
              onBack={back}
            />
          ) : null}
          {view.step === 'recipients' && view.design ? (
            <RecipientsStep
              quantity={view.design.quantity}
              recipients={view.recipients.map((r) => ({ ...r }))}
              issues={view.issues}
              onSubmit={(recipients) => send({ type: 'recipients.submitted', recipients })}
              onRemove={(row) => send({ type: 'card.removed', row })}
              onBack={back}
            />
          ) : null}
          {view.step === 'review' ? <Review view={view} onConfirm={() => send({ type: 'definition.confirmed' })} onBack={back} /> : null}
        </Card>
        <aside className={s.previewColumn} aria-label={t`Prévia`}>
          <GiftCardPreview
            value={shown?.value ?? null}
            template={shown?.template ?? null}
            message={shown?.message ?? ''}
            from={shown?.from ?? ''}
            to={view.recipients[0]?.name}
            expiresAt={giftCardExpiry(new Date())}
          />
          <p className={s.muted}>
            <Trans>Assim o cartão chega para quem recebe, com o código para usar na hora.</Trans>
          </p>
        </aside>
      </div>
    </Container>
  );
}

/** Step 4: what will be bought and sent; paying comes next, in the gift-card checkout. */
function Review({ view, onConfirm, onBack }: { view: DefinitionView; onConfirm: () => void; onBack: () => void }) {
  const { t } = useLingui();
  if (!view.design || !view.shipping) return null;
  const { value, quantity } = view.design;
  const each = formatMoney(value);
  const total = formatMoney(value * quantity);
  return (
    <section aria-label={t`Revisão`}>
      <p className={s.muted}>
        <Trans>Confira antes de pagar.</Trans>
      </p>
      <dl className={s.summary}>
        <dt className={s.term}>
          <Trans>Cartões</Trans>
        </dt>
        <dd className={s.definition}>
          <Trans>
            {quantity} × {each}
          </Trans>
        </dd>
        <dt className={s.term}>
          <Trans>Total</Trans>
        </dt>
        <dd className={s.definition}>{total}</dd>
        <dt className={s.term}>
          <Trans>Envio</Trans>
        </dt>
        <dd className={s.definition}>
          <ShippingText shipping={view.shipping} />
        </dd>
        {view.recipients.length > 0 ? (
          <>
            <dt className={s.term}>
              <Trans>Para</Trans>
            </dt>
            <dd className={s.definition}>{view.recipients.map((r) => `${r.name} <${r.email}>`).join(', ')}</dd>
          </>
        ) : null}
      </dl>
      <FormActions>
        <Button type="button" variant="ghost" onClick={onBack}>
          <Trans>Voltar</Trans>
        </Button>
        <Button type="button" variant="accent" onClick={onConfirm}>
          <Trans>Continuar para o pagamento</Trans>
        </Button>
      </FormActions>
    </section>
  );
}
