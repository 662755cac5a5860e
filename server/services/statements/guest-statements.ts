import { eq } from 'drizzle-orm';
import type { Locale } from '../../../contracts/constants';
import { errorCodes } from '../../../contracts/errors';
import { givingMessages } from '../../../contracts/giving-messages';
import type { GuestStatementMailed } from '../../../contracts/guest-statements';
import type { Config } from '../../config';
import { donations } from '../../db/schema';
import type { Database } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { conflict, invalid, notFound } from '../../domain/errors';
import type { Translator } from '../../i18n/translator';
import { issueDocument, issuingOrganisation, publicStatement, readStatement, renderStatementPdf } from '../documents';
import { documentMessages } from '../documents/document-messages';
import { saoPauloYearOf } from '../documents/statement-reads';
import { mayReadReceipt, type ReceiptReader } from '../donations/receipt-reader';
import { enqueueMail } from '../mail/mail-outbox';
import { readOrganisationProfile } from '../organisation/organisation-profile';
import { guestStatementPdfUrl, guestStatementToken, verifyGuestStatementToken } from './guest-statement-link';
import { guestStatementMessages as gsm } from './guest-statement-messages';
import { guestStatementMail } from './statement-mail';

export interface GuestStatementDeps {
  db: Database;
  translator: Translator;
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>;
}

const GIVEN = ['confirmed', 'refunded'];

async function loadDonation(db: Database, id: string) {
  const [row] = await db
    .select({
      id: donations.id,
      userId: donations.userId,
      status: donations.status,
      contact: donations.contact,
      confirmedAt: donations.confirmedAt,
      createdAt: donations.createdAt,
      receiptTokenHash: donations.receiptTokenHash,
    })
    .from(donations)
    .where(eq(donations.id, id));
  return row ?? null;
}

/**
 * A guest's statements (docs/privacy.md, "Statement delivery"): every donation given without an account under the
 * e-mail of the donation whose receipt the guest holds, for that donation's year (São Paulo). The receipt asks; the
 * statement goes to that e-mail, with a signed link to its PDF, so only the address's owner reads what was given
 * under it. The PDF is the signed-in donor's statement layout (renderStatementPdf) under its own verification code (issueDocument).
 */
export function createGuestStatements({ db, translator, config }: GuestStatementDeps) {
  return {
    async mail(donationId: string, reader: ReceiptReader, locale: Locale, now: Date): Promise<GuestStatementMailed> {
      const donation = isUuid(donationId) ? await loadDonation(db, donationId) : null;
      if (!donation || !mayReadReceipt(donation, reader)) throw notFound(errorCodes.donationNotFound, givingMessages.donationNotFound);
      if (donation.userId !== null) throw conflict(errorCodes.statementAccountDonation, gsm.accountDonation);
      if (!GIVEN.includes(donation.status)) throw conflict(errorCodes.statementNotConfirmed, gsm.notConfirmed);
      const year = saoPauloYearOf(donation.confirmedAt ?? donation.createdAt);
      const statement = publicStatement(await readStatement(db, { guestEmail: donation.contact.email }, year));
      const token = guestStatementToken(config.jwtSecret, donation.id, now);
      const mail = guestStatementMail(translator, locale, {
        to: donation.contact.email,
        name: donation.contact.is_company ? (donation.contact.contact_name ?? donation.contact.name) : donation.contact.name,
        statement,
        pdfUrl: guestStatementPdfUrl(config.publicUrl, token),
      });
      await enqueueMail(db, mail, now);
      return { year };
    },

    /** The PDF behind a mailed link: the guest's statement as it stands now, under its own verification code. */
    async pdf(token: string, locale: Locale, now: Date): Promise<{ year: number; bytes: Uint8Array }> {
      const donationId = verifyGuestStatementToken(config.jwtSecret, token, now);
      const donation = donationId ? await loadDonation(db, donationId) : null;
      if (!donation || donation.userId !== null || !GIVEN.includes(donation.status)) {
        throw invalid(errorCodes.statementLinkInvalid, gsm.linkInvalid);
      }
      const year = saoPauloYearOf(donation.confirmedAt ?? donation.createdAt);
      const statement = await readStatement(db, { guestEmail: donation.contact.email }, year);
      if (statement.donations.length === 0) throw notFound(errorCodes.documentNotFound, documentMessages.noGifts);
      const organisation = await readOrganisationProfile(db);
      const { code, issuedAt } = await issueDocument(
        db,
        {
          kind: 'statement',
          year,
          userId: null,
          donationId: donation.id,
          totalCents: statement.total,
          organisation: issuingOrganisation(organisation),
        },
        now,
      );
      const { contact } = donation;
      const bytes = await renderStatementPdf(translator, {
        locale,
        organisation,
        donor: {
          name: contact.is_company ? (contact.corporate_name ?? contact.name) : contact.name,
          cpf: contact.is_company ? null : contact.cpf,
          cnpj: contact.is_company ? contact.cnpj : null,
        },
        statement: publicStatement(statement),
        code,
        issuedAt,
        publicUrl: config.publicUrl,
      });
      return { year, bytes };
    },
  };
}
