import { FORMAT_LOCALE, TIME_ZONE, type Locale } from '../../../contracts/constants';
import type { Config } from '../../config';
import { escapeHtml } from '../../http/escape-html';
import { formatBrlText } from '../../i18n/format';
import type { Translator } from '../../i18n/translator';
import type { MailToSend } from '../mail/mail-outbox';
import { cancelLink } from './cancel-link';
import { subscriptionMailMessages as sm } from './subscription-mail-messages';

/** What every monthly e-mail needs to know about its subscription. */
export interface MonthlyMailContext {
  translator: Translator;
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>;
  locale: Locale;
  to: string;
  name: string;
  subscriptionId: string;
  amountCents: number;
}

type Descriptor = { id: string; message: string };

const dateOnly = new Intl.DateTimeFormat(FORMAT_LOCALE, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
/** '28/02/2027' in Brasília time: due dates are whole days there. */
export const formatBrazilianDate = (date: Date): string => dateOnly.format(date);

const REASONS: Record<string, Descriptor> = {
  'payment.declined': sm.reasonDeclined,
  'payment.insufficient_funds': sm.reasonInsufficientFunds,
  'card.token_invalid': sm.reasonCardUnusable,
  'card.saved_not_found': sm.reasonCardUnusable,
  'payment.card_disabled': sm.reasonCardUnusable,
  'payment.card_data_invalid': sm.reasonCardUnusable,
  'payment.bad_security_code': sm.reasonCardUnusable,
  'payment.call_for_authorize': sm.reasonDeclined,
  'pix.debit_refused': sm.reasonPixRefused,
};

/** Greeting, the given paragraphs, the cancel link and the signature, as text and HTML. */
function compose(
  ctx: MonthlyMailContext,
  subject: Descriptor,
  paragraphs: (t: (d: Descriptor, v?: Record<string, string>) => string) => string[],
): MailToSend {
  const t = (d: Descriptor, values?: Record<string, string>) => ctx.translator.translate(ctx.locale, d, values);
  const amount = formatBrlText(ctx.amountCents);
  const firstName = ctx.name.split(/\s+/)[0] || ctx.name;
  const lines = [
    t(sm.greeting, { name: firstName }),
    ...paragraphs(t),
    t(sm.cancelLink, { url: cancelLink(ctx.config, ctx.subscriptionId) }),
  ];
  const signature = t(sm.signature);
  return {
    to: ctx.to,
    subject: t(subject, { amount }),
    text: `${lines.join('\n\n')}\n\n${signature}\n`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${escapeHtml(signature)}</p>`,
  };
}

/** A paid month; with no card (`brand` null), it came by Pix Automático. */
export function chargeSucceededMail(
  ctx: MonthlyMailContext,
  input: { brand: string | null; last4: string | null; creditExpiresAt: Date },
): MailToSend {
  const amount = formatBrlText(ctx.amountCents);
  return compose(ctx, sm.succeededSubject, (t) => [
    input.brand
      ? t(sm.succeededCharged, { amount, brand: input.brand.toUpperCase(), last4: input.last4 ?? '' })
      : t(sm.succeededPix, { amount }),
    t(sm.succeededExpiry, { date: formatBrazilianDate(input.creditExpiresAt) }),
  ]);
}

/**
 * A failed attempt; `retryAt` null means the retries ran out and the subscription was canceled. `pix`: the
 * donor's bank tries again itself (Pix Automático), there is no card to change.
 */
export function chargeFailedMail(ctx: MonthlyMailContext, input: { failureCode: string; retryAt: Date | null; pix?: boolean }): MailToSend {
  const amount = formatBrlText(ctx.amountCents);
  const reason = (t: (d: Descriptor, v?: Record<string, string>) => string) =>
    t(sm.failedReason, { amount, reason: t(REASONS[input.failureCode] ?? sm.reasonFailed) });
  if (input.retryAt === null) {
    return compose(ctx, sm.endedSubject, (t) => [
      reason(t),
      t(sm.endedAfterFailures, { amount, url: `${ctx.config.publicUrl}/doacao-mensal` }),
    ]);
  }
  const retry = input.retryAt;
  return compose(ctx, sm.failedSubject, (t) => [
    reason(t),
    input.pix
      ? t(sm.failedRetryPix, { date: formatBrazilianDate(retry) })
      : t(sm.failedRetry, { date: formatBrazilianDate(retry), url: `${ctx.config.publicUrl}/profile/wallet` }),
  ]);
}

/** The donor ended the Pix Automático authorisation in their bank app: the subscription ends here too. */
export function canceledAtBankMail(ctx: MonthlyMailContext): MailToSend {
  const url = `${ctx.config.publicUrl}/doacao-mensal`;
  return compose(ctx, sm.endedSubject, (t) => [t(sm.canceledAtBank, { amount: formatBrlText(ctx.amountCents), url })]);
}

/** Confirms a cancellation the donor asked for (profile or e-mail link). */
export function canceledMail(ctx: MonthlyMailContext): MailToSend {
  return compose(ctx, sm.endedSubject, (t) => [t(sm.canceledConfirmation, { amount: formatBrlText(ctx.amountCents) })]);
}
