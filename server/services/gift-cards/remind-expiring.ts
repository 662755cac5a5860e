import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Locale } from '../../../contracts/constants';
import { giftCards } from '../../db/schema';
import { escapeHtml } from '../../http/escape-html';
import { formatBrazilianDateTime, formatBrlText } from '../../i18n/format';
import { accountBalance } from '../ledger';
import { enqueueMail } from '../mail/mail-outbox';
import { mailMessages } from '../mail/mail-messages';
import { donorProfile } from '../wallet/donor-profile';
import type { WalletJobDeps } from '../wallet/wallet-job-deps';
import { lockGiftCard } from './gift-cards-repository';
import { giftCardMailMessages as gm } from './gift-card-mail-messages';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days before expiry a card's holder is reminded (docs/gift-cards.md): once at each, the nearest that applies. */
export const GIFT_CARD_REMINDER_DAYS = [30, 7] as const;

/** The card's page, where its holder gives with it or keeps it in the wallet. */
export const giftCardPageUrl = (publicUrl: string, code: string): string => `${publicUrl}/gift-card/resgatar?code=${code}`;

/**
 * Reminds whoever holds an unredeemed card with money left (its recipient, else its buyer) 30 and 7
 * days before it expires. Each reminder is claimed on the card's row (last_reminder_days) in the
 * transaction that queues its e-mail, so a second run or another node sends nothing twice; a card
 * first seen within 7 days gets only the 7-day one. Resolves to the reminders queued.
 */
export async function remindExpiringGiftCards(deps: WalletJobDeps, now: Date): Promise<number> {
  const within = new Date(now.getTime() + GIFT_CARD_REMINDER_DAYS[0] * DAY_MS);
  const due = await deps.db
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(
      and(
        eq(giftCards.status, 'active'),
        gt(giftCards.expiresAt, now),
        lte(giftCards.expiresAt, within),
        sql`(${giftCards.lastReminderDays} is null or ${giftCards.lastReminderDays} > case when ${giftCards.expiresAt} <= ${new Date(now.getTime() + 7 * DAY_MS)} then 7 else 30 end)`,
      ),
    );
  let queued = 0;
  for (const { id } of due) if (await remindOne(deps, id, now)) queued++;
  return queued;
}

async function remindOne(deps: WalletJobDeps, giftCardId: string, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const card = await lockGiftCard(tx, giftCardId);
    if (!card || card.status !== 'active' || card.expiresAt.getTime() <= now.getTime()) return false;
    const daysLeft = (card.expiresAt.getTime() - now.getTime()) / DAY_MS;
    const threshold = [...GIFT_CARD_REMINDER_DAYS].reverse().find((days) => daysLeft <= days);
    if (threshold === undefined || (card.lastReminderDays !== null && card.lastReminderDays <= threshold)) return false;
    const leftCents = await accountBalance(tx, { kind: 'gift_card', giftCardId: card.id });
    const buyer = card.buyerUserId ? await donorProfile(tx, card.buyerUserId) : null;
    const to = card.recipientEmail ?? buyer?.email ?? null;
    await tx.update(giftCards).set({ lastReminderDays: threshold }).where(eq(giftCards.id, card.id));
    if (leftCents <= 0 || !to) return false;
    const locale: Locale = buyer?.locale ?? 'pt';
    const name = card.recipientEmail ? card.recipientName : (buyer?.name ?? null);
    await enqueueMail(
      tx,
      { ...expiringMail(deps, locale, { to, name, amountCents: leftCents, expiresAt: card.expiresAt, code: card.code }), bulk: true },
      now,
    );
    return true;
  });
}

function expiringMail(
  deps: WalletJobDeps,
  locale: Locale,
  input: { to: string; name: string | null; amountCents: number; expiresAt: Date; code: string },
) {
  const t = (d: { id: string; message: string }, values?: Record<string, string>) => deps.translator.translate(locale, d, values);
  const values = {
    amount: formatBrlText(input.amountCents),
    date: formatBrazilianDateTime(input.expiresAt),
    url: giftCardPageUrl(deps.config.publicUrl, input.code),
  };
  const firstName = input.name?.split(/\s+/)[0];
  const lines = [
    firstName ? t(gm.greeting, { name: firstName }) : t(gm.greetingAnonymous),
    t(gm.expiringBody, values),
    t(gm.expiringAction, values),
  ];
  const signature = t(mailMessages.signature);
  return {
    to: input.to,
    subject: t(gm.expiringSubject, values),
    text: `${lines.join('\n\n')}\n\n${signature}\n`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p>${escapeHtml(signature)}</p>`,
  };
}
