import { and, eq, isNull } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '../../../contracts/constants';
import { users } from '../../db/schema';
import type { Executor } from '../../db/types';
import { escapeHtml } from '../../http/escape-html';
import { formatBrazilianDateTime, formatBrlText } from '../../i18n/format';
import { createTranslator, type Translator } from '../../i18n/translator';
import type { GiftCardRow } from '../gift-cards/gift-cards-repository';
import type { MailToSend } from '../mail/mail-outbox';
import { notifyDonor } from './create-notification';
import { giftCardReceivedMessages as gm } from './gift-card-received-messages';

let sharedTranslator: Translator | null = null;
/** Callers without the app's translator (seed, jobs) share one, read from the catalogs once. */
const defaultTranslator = (): Translator => (sharedTranslator ??= createTranslator());

export function giftCardReceivedMail(
  translator: Translator,
  locale: Locale,
  input: { to: string; name: string; from: string | null; amountCents: number; code: string; message: string | null; expiresAt: Date },
): MailToSend {
  const t = (d: { id: string; message: string }, values?: Record<string, string>) => translator.translate(locale, d, values);
  const amount = formatBrlText(input.amountCents);
  const lines = [
    t(gm.greeting, { name: input.name.split(/\s+/)[0] || input.name }),
    input.from ? t(gm.from, { from: input.from, amount }) : t(gm.anonymous, { amount }),
    ...(input.message ? [t(gm.message, { message: input.message })] : []),
    t(gm.code, { code: input.code }),
    t(gm.expiry, { date: formatBrazilianDateTime(input.expiresAt) }),
  ];
  const signature = t(gm.signature);
  return {
    to: input.to,
    subject: t(gm.subject, { amount }),
    text: `${lines.join('\n\n')}\n\n${signature}\n`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${escapeHtml(signature)}</p>`,
  };
}

/**
 * Tells a registered donor whose e-mail is the card's recipient that a gift card arrived (in-app and
 * by e-mail, per their preferences), once per card. Recipients without an account hear about it
 * from the gift card's own delivery e-mail instead. Resolves to whether anyone was told.
 */
export async function notifyGiftCardReceived(
  tx: Executor,
  input: {
    card: GiftCardRow;
    now: Date;
    translator?: Translator;
    locale?: Locale;
    /** The card's own delivery e-mail reaches them: only the in-app notice here. */
    inAppOnly?: boolean;
  },
): Promise<boolean> {
  const { card } = input;
  const email = card.recipientEmail?.trim().toLowerCase();
  if (!email) return false;
  const [recipient] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.email, email), eq(users.active, true), isNull(users.deletedAt)));
  if (!recipient) return false;
  const [buyer] = card.buyerUserId ? await tx.select({ name: users.name }).from(users).where(eq(users.id, card.buyerUserId)) : [];
  const from = buyer?.name ?? null;
  const mail = giftCardReceivedMail(input.translator ?? defaultTranslator(), input.locale ?? DEFAULT_LOCALE, {
    to: recipient.email,
    name: card.recipientName?.trim() || recipient.name,
    from,
    amountCents: card.valueCents,
    code: card.code,
    message: card.message,
    expiresAt: card.expiresAt,
  });
  return notifyDonor(tx, {
    userId: recipient.id,
    type: 'gift_card_received',
    metadata: { gift_card_id: card.id, amount: card.valueCents, expires_at: card.expiresAt.toISOString(), from },
    now: input.now,
    dedupeKey: `gift_card_received:${card.id}`,
    email: input.inAppOnly ? null : mail,
  });
}
