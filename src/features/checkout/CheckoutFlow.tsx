import { useCallback, useEffect, useRef, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney, useSessionEnd } from '../../app';
import { AmountPicker } from '../../app/giving/AmountPicker';
import { FormError, Notice, Select, Stack } from '../../ui';
import {
  progressOf,
  type CheckoutCampaign,
  type CheckoutInput,
  type CheckoutMachine,
  type CheckoutStep,
} from '../../../machines/checkout/checkout.machine';
import { CurrentStep } from './CurrentStep';
import { CheckoutOutcome, StepIndicator } from './CheckoutStatus';
import { useCheckoutView } from './checkout-view';
import { SummaryDisclosure, useSideSummary } from './SummaryDisclosure';
import { SummaryPanel } from './SummaryPanel';
import { clearProgress, loadProgress, saveProgress } from './checkout-progress';
import { useRefusedNames } from './refused-fields';
import { failureMessage, failureTexts } from './failure-text';
import type { GivingFrequency } from './frequency';
import * as s from './checkout.css';
import { inspected } from '../../lib/inspect';
import { openAttempts } from '../../lib/open-attempts';

interface Props {
  machine: CheckoutMachine;
  input: CheckoutInput;
  /** `?error` of the URL: the failure that sent the donor back (translated by code, never echoed). */
  urlError?: string;
  /** /doacao-pix: campaigns to choose from (empty value: the general fund). */
  campaignOptions?: CheckoutCampaign[];
  /** 'monthly' (/doacao-mensal/checkout): a card subscription's amounts and wording; default one-time. */
  frequency?: GivingFrequency;
  /**
   * Keeps the progress in this tab's sessionStorage under this key, so leaving to sign in (the
   * visitor prompt) comes back to the same step with what was typed (card number and CVV never);
   * an attempt left without an answer is kept under it too (src/lib/open-attempts.ts).
   */
  progressKey?: string;
  /** What the summary is titled (the gift-card checkout: "2 gift cards de R$ 50,00"); default the campaign. */
  summaryTitle?: string;
}

/** The checkout screen: amount, step indicator, the current step, the summary, and the PIX panel. */
export function CheckoutFlow({ machine, input, urlError, campaignOptions, frequency = 'once', progressKey, summaryTitle }: Props) {
  const { t, i18n } = useLingui();
  // Read once, like the input: progress saved before a sign-in wins over the page's prefill, and an
  // attempt an earlier visit left without an answer is asked about first.
  const [startInput] = useState<CheckoutInput>(() =>
    progressKey ? { ...input, resume: loadProgress(progressKey), openAttempt: openAttempts(progressKey).open() } : input,
  );
  const actor = useActorRef(machine, inspected({ input: startInput }));
  const view = useCheckoutView(actor);
  const { context, step, busy, waitingPix, pixExpired, screen } = view;
  const isLast = step !== null && context.steps.indexOf(step) === context.steps.length - 1;
  const total = context.amount !== null ? formatMoney(context.amount) : '';
  const payLabel =
    frequency === 'monthly'
      ? monthlyPayLabel(context.amount)
      : frequency === 'gift_card' && context.amount !== null
        ? t`Pagar ${total}`
        : context.amount !== null
          ? t`Doar ${formatMoney(context.amount)}`
          : t`Doar`;
  const submitLabel = isLast ? payLabel : t`Continuar`;

  function monthlyPayLabel(amount: number | null): string {
    if (amount === null) return t`Assinar doação mensal`;
    const value = formatMoney(amount);
    return t`Assinar doação mensal de ${value}`;
  }

  // Focus moves to the heading of each new screen, so keyboard and screen-reader users follow along.
  const heading = useRef<HTMLHeadingElement>(null);
  const firstScreen = useRef(true);
  useEffect(() => {
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    heading.current?.focus();
  }, [screen]);

  const charged = view.succeeded || waitingPix;
  useEffect(() => {
    if (!progressKey) return;
    // Once a charge exists there is nothing to resume: a new visit starts a new donation.
    if (charged) clearProgress(progressKey);
    else if (step !== null) saveProgress(progressKey, progressOf(context, step));
  }, [progressKey, charged, step, context]);

  // Signed out while the checkout is open (another tab, an expired session): the machine drops what
  // needed the account and keeps everything typed.
  useSessionEnd(useCallback(() => actor.send({ type: 'account.signedOut' }), [actor]));

  const onTimedOut = useCallback(() => actor.send({ type: 'pix.timedOut' }), [actor]);
  const stepNames: Record<CheckoutStep, string> = { contact: t`Seus dados`, payment: t`Pagamento`, address: t`Endereço` };
  const failure = view.failure;
  const refused = failure?.fields ?? [];
  const amountError = refused.find((f) => f.field === 'amount')?.message;
  const refusedNames = useRefusedNames(refused, frequency, stepNames);
  const sideSummary = useSideSummary();
  const showUrlError = urlError !== undefined && context.completed.length === 0 && !failure;

  const summary = (
    <SummaryPanel
      campaign={context.campaign}
      amount={context.amount}
      method={context.payment?.method ?? null}
      donorName={
        context.completed.includes('contact')
          ? ((context.contact.is_company ? context.contact.corporate_name : context.contact.name) ?? null)
          : null
      }
      anonymous={context.isAnonymous}
      frequency={frequency}
      title={summaryTitle}
    />
  );

  return (
    <div className={s.layout}>
      {/* On a phone, first in reading order too: one line, so the amount and the first field fit the first screen. */}
      {sideSummary ? null : (
        <SummaryDisclosure amount={context.amount} frequency={frequency}>
          {summary}
        </SummaryDisclosure>
      )}
      <Stack gap="6">
        {showUrlError ? <Notice tone="error">{i18n._(failureMessage(urlError))}</Notice> : null}
        {context.signedOutWhileOpen && !context.signedIn ? (
          <Notice tone="warning">
            <Trans>
              Você saiu da sua conta. O que você digitou continua aqui; a carteira e os cartões salvos voltam quando você entrar de novo.
            </Trans>
          </Notice>
        ) : null}
        {step !== null || waitingPix || pixExpired || view.interrupted ? (
          <StepIndicator view={view} names={stepNames} onSelect={(name) => actor.send({ type: 'step.selected', step: name })} />
        ) : null}
        {campaignOptions && step !== null ? (
          <Select
            label={t`Para onde vai sua doação`}
            value={context.campaign?.slug ?? ''}
            options={[{ value: '', label: t`Fundo geral Semear` }, ...campaignOptions.map((c) => ({ value: c.slug, label: c.title }))]}
            disabled={busy}
            onChange={(event) =>
              actor.send({ type: 'campaign.changed', campaign: campaignOptions.find((c) => c.slug === event.target.value) ?? null })
            }
          />
        ) : null}
        {step !== null && frequency !== 'gift_card' ? (
          <AmountPicker
            amount={context.amount}
            frequency={frequency}
            range={context.amountRange}
            error={amountError ? i18n._(amountError) : undefined}
            onChange={(amount) => actor.send({ type: 'amount.changed', amount })}
          />
        ) : null}

        <h2 ref={heading} tabIndex={-1} className={s.stepHeading}>
          {step !== null ? (
            stepNames[step]
          ) : waitingPix || pixExpired ? (
            <Trans>Pague com PIX</Trans>
          ) : view.redirecting ? (
            <Trans>Indo para o PayPal</Trans>
          ) : frequency === 'gift_card' ? (
            <Trans>Gift cards</Trans>
          ) : (
            <Trans>Doação</Trans>
          )}
        </h2>

        {failure && step !== null ? (
          <FormError>
            {failureTexts(failure, (d) => (typeof d === 'string' ? i18n._(d) : i18n._(d))).join(' ')}
            {refusedNames ? ` ${t`Campos a corrigir: ${refusedNames}.`}` : null}
          </FormError>
        ) : null}

        <CurrentStep view={view} frequency={frequency} submitLabel={submitLabel} refused={refused} send={actor.send} />

        <CheckoutOutcome
          view={view}
          frequency={frequency}
          onRetry={() => actor.send({ type: 'checkout.retried' })}
          onPixTimedOut={onTimedOut}
          onPixRegenerate={() => actor.send({ type: 'pix.regenerationRequested' })}
        />
      </Stack>
      {sideSummary ? <aside className={s.summary}>{summary}</aside> : null}
    </div>
  );
}
