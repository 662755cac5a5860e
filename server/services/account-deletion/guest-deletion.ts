import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { GUEST_DELETION_LINK_HOURS, type GuestDeletionDone } from '../../../contracts/account-deletion';
import { accountDeletionMessages as adm } from './deletion-messages';
import type { Locale } from '../../../contracts/constants';
import { errorCodes } from '../../../contracts/errors';
import { hashOpaqueToken, newOpaqueToken } from '../../auth/opaque-tokens';
import { dataRequests, donations, giftCardOrders } from '../../db/schema';
import type { Database } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { invalid } from '../../domain/errors';
import { escapeHtml } from '../../http/escape-html';
import type { Translator } from '../../i18n/translator';
import type { Clock } from '../clock';
import { mayReadReceipt, type ReceiptReader } from '../donations/receipt-reader';
import { enqueueMail } from '../mail/mail-outbox';
import { mailMessages as mm } from '../mail/mail-messages';
import { forgetMailTo, forgetWebhookDonors } from './anonymise-account';
import { REMOVED_DONOR_NAME, anonymousContact, isPseudonymousEmail } from './pseudonym';

export interface GuestDeletionDeps {
  db: Database;
  clock: Clock;
  translator: Translator;
  publicUrl: string;
  /** The key of guest e-mails' hashes in data_requests (the server's JWT secret). */
  secret: string;
}

/** One mail per address in this time, however often the button is pressed. */
const REQUEST_INTERVAL_MS = 5 * 60_000;

/** A guest's e-mail as data_requests keeps it: listable by the DPO, not readable back. */
export const guestEmailHash = (secret: string, email: string): string =>
  createHmac('sha256', secret).update(`guest-email:${email.trim().toLowerCase()}`).digest('hex');

/**
 * A guest donor's deletion (docs/privacy.md, "Deleting an account"): asked from a receipt (whoever holds its
 * token), confirmed from the link mailed to the donation's own address, so a receipt that went astray cannot
 * erase someone else's data. Confirming anonymises every guest gift (donations, gift-card orders) with that e-mail.
 */
export function createGuestDeletion(deps: GuestDeletionDeps) {
  const { db, clock } = deps;

  /** false: no such guest donation for this reader (the route answers 404, telling nothing more). */
  async function request(donationId: string, reader: ReceiptReader, locale: Locale): Promise<boolean> {
    if (!isUuid(donationId)) return false;
    const [donation] = await db.select().from(donations).where(eq(donations.id, donationId));
    if (!donation || donation.userId !== null || !mayReadReceipt(donation, { ...reader, userId: null })) return false;
    const email = donation.contact.email.trim().toLowerCase();
    // Already erased: there is no one left to mail.
    if (isPseudonymousEmail(email) || email === '') return true;
    const now = clock.now();
    const emailHash = guestEmailHash(deps.secret, email);
    await db.transaction(async (tx) => {
      const [recent] = await tx
        .select({ id: dataRequests.id })
        .from(dataRequests)
        .where(
          and(
            eq(dataRequests.guestEmailHash, emailHash),
            eq(dataRequests.status, 'awaiting_confirmation'),
            gt(dataRequests.requestedAt, new Date(now.getTime() - REQUEST_INTERVAL_MS)),
          ),
        )
        .limit(1);
      if (recent) return;
      const token = newOpaqueToken();
      await tx.insert(dataRequests).values({
        kind: 'deletion',
        guestEmailHash: emailHash,
        status: 'awaiting_confirmation',
        requestedAt: now,
        confirmTokenHash: hashOpaqueToken(token),
        expiresAt: new Date(now.getTime() + GUEST_DELETION_LINK_HOURS * 3_600_000),
        // The gift it was asked through: confirming reads the address from it, so the request never stores it.
        outcome: { asked_through_donation: donation.id },
      });
      await enqueueMail(tx, confirmationMail(locale, email, `${deps.publicUrl}/excluir-dados?${new URLSearchParams({ token })}`), now);
    });
    return true;
  }

  function confirmationMail(locale: Locale, to: string, link: string) {
    const t = (d: { id: string; message: string }) => deps.translator.translate(locale, d);
    const intro = t(adm.guestMailIntro);
    const ignore = t(adm.guestMailIgnore);
    const signature = t(mm.signature);
    return {
      to,
      subject: t(adm.guestMailSubject),
      text: `${intro}\n\n${link}\n\n${ignore}\n\n${signature}\n`,
      html: [
        `<!doctype html><html lang="${locale === 'pt' ? 'pt-BR' : locale}"><body style="font-family:sans-serif;line-height:1.5;color:#1f2a1f">`,
        `<p>${escapeHtml(intro)}</p>`,
        `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#2f7d32;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t(adm.guestMailAction))}</a></p>`,
        `<p style="font-size:13px;color:#555">${escapeHtml(link)}</p>`,
        `<p>${escapeHtml(ignore)}</p>`,
        `<p>${escapeHtml(signature)}</p>`,
        '</body></html>',
      ].join('\n'),
    };
  }

  /** The mailed link, once: anonymises that address's guest gifts. Unknown, used or expired: 400. */
  async function confirm(token: string): Promise<GuestDeletionDone> {
    const now = clock.now();
    const linkInvalid = () => invalid(errorCodes.deletionLinkInvalid, adm.linkInvalid);
    return db.transaction(async (tx) => {
      const [request] = await tx
        .update(dataRequests)
        .set({ status: 'processing', confirmTokenHash: null })
        .where(
          and(
            eq(dataRequests.confirmTokenHash, hashOpaqueToken(token)),
            eq(dataRequests.status, 'awaiting_confirmation'),
            gt(dataRequests.expiresAt, now),
            isNull(dataRequests.userId),
          ),
        )
        .returning();
      if (!request) throw linkInvalid();
      const askedThrough = (request.outcome as { asked_through_donation?: string } | null)?.asked_through_donation;
      const [origin] = askedThrough
        ? await tx.select({ contact: donations.contact }).from(donations).where(eq(donations.id, askedThrough))
        : [];
      const email = origin?.contact.email.trim().toLowerCase() ?? '';
      const pseudonym = `removido-${request.id}@semear.invalid`;
      const contact = anonymousContact(pseudonym);
      const ofAddress = (column: typeof donations.contact | typeof giftCardOrders.contact) =>
        sql`lower(btrim(${column} ->> 'email')) = ${email}`;
      const gifts =
        email === '' || isPseudonymousEmail(email)
          ? []
          : await tx
              .update(donations)
              .set({ contact, address: null, message: null, updatedAt: now })
              .where(and(isNull(donations.userId), ofAddress(donations.contact)))
              .returning({ id: donations.id });
      const orders =
        email === '' || isPseudonymousEmail(email)
          ? []
          : await tx
              .update(giftCardOrders)
              .set({ contact, address: null, sender: REMOVED_DONOR_NAME, updatedAt: now })
              .where(and(isNull(giftCardOrders.userId), ofAddress(giftCardOrders.contact)))
              .returning({ id: giftCardOrders.id });
      await forgetWebhookDonors(
        tx,
        gifts.map((g) => g.id),
        pseudonym,
      );
      const mailsDropped = email === '' ? 0 : await forgetMailTo(tx, email, pseudonym);
      const done = { donations: gifts.length, gift_card_orders: orders.length };
      await tx
        .update(dataRequests)
        .set({ status: 'completed', completedAt: now, outcome: { ...done, mails_dropped: mailsDropped } })
        .where(eq(dataRequests.id, request.id));
      return done;
    });
  }

  return { request, confirm };
}
