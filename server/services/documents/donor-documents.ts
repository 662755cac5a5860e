import { and, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../../contracts/constants';
import { errorCodes } from '../../../contracts/errors';
import type { Statement, StatementYears } from '../../../contracts/statements';
import { donations, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { conflict, forbidden, invalid, notFound } from '../../domain/errors';
import type { Translator } from '../../i18n/translator';
import { mayIssueDeductionDeclarations, readOrganisationProfile, type OrganisationProfile } from '../organisation/organisation-profile';
import { renderDeclarationPdf, type DeclaredCompany } from './declaration-pdf';
import { documentMessages as dm } from './document-messages';
import { issueDocument, type IssuingOrganisation } from './issue-document';
import { publicStatement, readStatement, readStatementYears, saoPauloYearOf, type StatementRow } from './statement-reads';
import { renderStatementPdf } from './statement-pdf';

export interface DonorDocumentsDeps {
  db: Database;
  translator: Translator;
  publicUrl: string;
}

/** What an issued document keeps of the NGO: a later change of its data does not unmake the document. */
export const issuingOrganisation = (profile: OrganisationProfile): IssuingOrganisation => ({
  legal_name: profile.legalName,
  cnpj: profile.cnpj,
});

/** A year the platform can have gifts in: from 2000 to the current one in São Paulo (a later one is a 400, not an empty year). */
export function assertStatementYear(year: number, now: Date): void {
  if (year > saoPauloYearOf(now)) throw invalid(errorCodes.statementYearFuture, dm.yearFuture);
}

/** A signed-in donor's statements and company declarations (docs/privacy.md, "Statements and declarations"). */
export function createDonorDocuments({ db, translator, publicUrl }: DonorDocumentsDeps) {
  const mayDeclare = async () => mayIssueDeductionDeclarations(await readOrganisationProfile(db));

  async function donorOf(userId: string) {
    const [user] = await db
      .select({ name: users.name, personType: users.personType, cpf: users.cpf, cnpj: users.cnpj })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound(errorCodes.documentNotFound, dm.noGifts);
    return {
      name: user.name,
      cpf: user.personType === 'INDIVIDUAL' ? user.cpf : null,
      cnpj: user.personType === 'COMPANY' ? user.cnpj : null,
    };
  }

  /** The declaration of `gifts` (the company's among them), issued under its own code. */
  async function declaration(
    userId: string,
    year: number,
    gifts: readonly StatementRow[],
    subject: { kind: 'company_declaration_year' | 'company_declaration_donation'; donationId: string | null },
    now: Date,
  ): Promise<Uint8Array> {
    const organisation = await readOrganisationProfile(db);
    if (!mayIssueDeductionDeclarations(organisation)) throw conflict(errorCodes.declarationsUnavailable, dm.declarationsUnavailable);
    const companyGifts = gifts.filter((gift) => gift.company !== null);
    if (companyGifts.length === 0) throw forbidden(errorCodes.declarationNotCompany, dm.notCompany);
    const byCompany = new Map<string, DeclaredCompany>();
    for (const gift of companyGifts) {
      // Refunded whole: the NGO kept nothing of it to declare.
      if (!gift.company || gift.net <= 0) continue;
      const declared = byCompany.get(gift.company.cnpj) ?? { company: gift.company, gifts: [], total: 0 };
      byCompany.set(gift.company.cnpj, {
        ...declared,
        gifts: [...declared.gifts, { date: gift.date, net: gift.net }],
        total: declared.total + gift.net,
      });
    }
    const companies = [...byCompany.values()];
    if (companies.length === 0) throw notFound(errorCodes.documentNotFound, dm.noGifts);
    const total = companies.reduce((sum, c) => sum + c.total, 0);
    const { code, issuedAt } = await issueDocument(
      db,
      {
        kind: subject.kind,
        year,
        userId,
        donationId: subject.donationId,
        totalCents: total,
        organisation: issuingOrganisation(organisation),
      },
      now,
    );
    return renderDeclarationPdf({ organisation, year, companies, code, issuedAt, publicUrl });
  }

  return {
    async years(userId: string): Promise<StatementYears> {
      return readStatementYears(db, { userId }, await mayDeclare());
    },

    async statement(userId: string, year: number, now: Date): Promise<Statement> {
      assertStatementYear(year, now);
      return publicStatement(await readStatement(db, { userId }, year, await mayDeclare()));
    },

    /** The PDF of a year that had gifts (404 without any: there would be nothing to verify), in `locale`. */
    async statementPdf(userId: string, year: number, locale: Locale, now: Date): Promise<Uint8Array> {
      assertStatementYear(year, now);
      const statement = await readStatement(db, { userId }, year);
      if (statement.donations.length === 0) throw notFound(errorCodes.documentNotFound, dm.noGifts);
      const organisation = await readOrganisationProfile(db);
      const { code, issuedAt } = await issueDocument(
        db,
        { kind: 'statement', year, userId, donationId: null, totalCents: statement.total, organisation: issuingOrganisation(organisation) },
        now,
      );
      return renderStatementPdf(translator, {
        locale,
        organisation,
        donor: await donorOf(userId),
        statement: publicStatement(statement),
        code,
        issuedAt,
        publicUrl,
      });
    },

    async yearDeclarationPdf(userId: string, year: number, now: Date): Promise<Uint8Array> {
      assertStatementYear(year, now);
      const statement = await readStatement(db, { userId }, year);
      if (statement.donations.length === 0) throw notFound(errorCodes.documentNotFound, dm.noGifts);
      return declaration(userId, year, statement.donations, { kind: 'company_declaration_year', donationId: null }, now);
    },

    /** One gift's declaration: the donor's own confirmed gift only (another's reads 404, as if it did not exist). */
    async donationDeclarationPdf(userId: string, donationId: string, now: Date): Promise<Uint8Array> {
      const [found] = await db
        .select({ confirmedAt: donations.confirmedAt, createdAt: donations.createdAt })
        .from(donations)
        .where(and(eq(donations.id, donationId), eq(donations.userId, userId), inArray(donations.status, ['confirmed', 'refunded'])));
      if (!found) throw notFound(errorCodes.documentNotFound, dm.donationNotFound);
      const year = saoPauloYearOf(found.confirmedAt ?? found.createdAt);
      const gift = (await readStatement(db, { userId }, year)).donations.filter((d) => d.id === donationId);
      return declaration(userId, year, gift, { kind: 'company_declaration_donation', donationId }, now);
    },
  };
}

export type DonorDocuments = ReturnType<typeof createDonorDocuments>;
