import { Trans, useLingui } from '@lingui/react/macro';
import { Notice } from '../../ui';
import { RetryNotice } from '../../app/RetryNotice';
import type { CheckoutStep } from '../../../machines/checkout/checkout.machine';
import { PixPanel } from './PixPanel';
import type { GivingFrequency } from './frequency';
import type { CheckoutView } from './checkout-view';
import * as s from './checkout.css';

/** The steps in the machine's order: done ones can be reopened (not while paying). */
export function StepIndicator({
  view,
  names,
  onSelect,
}: {
  view: CheckoutView;
  names: Record<CheckoutStep, string>;
  onSelect(step: CheckoutStep): void;
}) {
  const { t } = useLingui();
  const { context, step, busy } = view;
  return (
    <nav aria-label={t`Etapas da doação`}>
      <ol className={s.steps}>
        {context.steps.map((name, index) => {
          const current = name === step;
          const canJump = !current && context.completed.includes(name) && !busy;
          return (
            <li key={name} className={`${s.stepItem} ${current ? s.stepCurrent : ''}`} aria-current={current ? 'step' : undefined}>
              {canJump ? (
                <button type="button" className={s.stepLink} onClick={() => onSelect(name)}>
                  {index + 1}. {names[name]}
                </button>
              ) : (
                <span>
                  {index + 1}. {names[name]}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

interface OutcomeProps {
  view: CheckoutView;
  frequency: GivingFrequency;
  onRetry(): void;
  onPixTimedOut(): void;
  onPixRegenerate(): void;
}

/** How the submission stands once sent: cut by the network, an open PIX, PayPal, or confirmed. */
export function CheckoutOutcome({ view, frequency, onRetry, onPixTimedOut, onPixRegenerate }: OutcomeProps) {
  const pix = view.context.submitted?.pix;
  return (
    <>
      {view.recovering ? (
        <Notice>
          <Trans>Vendo o que aconteceu com o seu último pagamento…</Trans>
        </Notice>
      ) : null}
      {view.interrupted ? (
        <RetryNotice onRetry={onRetry}>
          <Trans>Não conseguimos falar com o servidor. Confira sua conexão e tente de novo: você não será cobrado duas vezes.</Trans>
        </RetryNotice>
      ) : null}
      {(view.waitingPix || view.pixExpired) && pix ? (
        <PixPanel payment={pix.payment} expired={view.pixExpired} onTimedOut={onPixTimedOut} onRegenerate={onPixRegenerate} />
      ) : null}
      {view.redirecting ? (
        <Notice>
          <Trans>Levando você ao PayPal para aprovar o pagamento…</Trans>
        </Notice>
      ) : null}
      {view.succeeded ? (
        <Notice>
          {frequency === 'monthly' ? (
            <Trans>Doação mensal confirmada! Abrindo a página de agradecimento…</Trans>
          ) : frequency === 'gift_card' ? (
            <Trans>Pagamento confirmado! Abrindo a página do pedido…</Trans>
          ) : (
            <Trans>Doação confirmada! Abrindo a página de agradecimento…</Trans>
          )}
        </Notice>
      ) : null}
    </>
  );
}
