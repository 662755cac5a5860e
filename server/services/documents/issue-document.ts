import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_CODE_ALPHABET, type DocumentVerification } from '../../../contracts/statements';
import { issuedDocuments } from '../../db/schema/privacy';
import type { Executor } from '../../db/types';

export type IssuedDocumentKind = DocumentVerification['kind'];

/** The NGO as a document prints it; kept with the code, so a later change of the organisation's data does not unmake it. */
export interface IssuingOrganisation {
  legal_name: string;
  cnpj: string;
}

export interface DocumentToIssue {
  kind: IssuedDocumentKind;
  year: number;
  /** The account it is about; null for a guest's. */
  userId: string | null;
  /** A guest's statement: the donation its receipt link was read through; a declaration of one gift: that gift. */
  donationId: string | null;
  totalCents: number;
  organisation: IssuingOrganisation;
}

export interface IssuedDocument {
  code: string;
  issuedAt: Date;
}

/** 12 characters without look-alikes (0/O, 1/I/L), read aloud in threes of four: 31¹² ≈ 2⁵⁹, not to be guessed. */
export function newDocumentCode(): string {
  const characters = Array.from({ length: 12 }, () => DOCUMENT_CODE_ALPHABET[randomInt(DOCUMENT_CODE_ALPHABET.length)]);
  return characters.join('').match(/.{4}/g)!.join('-');
}

const sameOrNull = (column: typeof issuedDocuments.userId | typeof issuedDocuments.donationId, value: string | null): SQL =>
  value === null ? isNull(column) : eq(column, value);

/**
 * The verification code of a document (docs/privacy.md, "Verification"): the same content issued again (the same
 * year downloaded twice with the same total, under the same NGO data) answers the code it already has; a changed
 * total or organisation gets a new one, and the old code still verifies what it printed. Two downloads at once take
 * turns on a transaction lock of the subject, so they share one code.
 */
export async function issueDocument(executor: Executor, input: DocumentToIssue, now: Date): Promise<IssuedDocument> {
  const subject = `issued-document:${input.kind}:${input.userId ?? ''}:${input.donationId ?? ''}:${input.year}`;
  return executor.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${subject}, 0))`);
    const [existing] = await tx
      .select({ code: issuedDocuments.code, issuedAt: issuedDocuments.issuedAt })
      .from(issuedDocuments)
      .where(
        and(
          eq(issuedDocuments.kind, input.kind),
          eq(issuedDocuments.year, input.year),
          sameOrNull(issuedDocuments.userId, input.userId),
          sameOrNull(issuedDocuments.donationId, input.donationId),
          eq(issuedDocuments.totalCents, input.totalCents),
          sql`${issuedDocuments.organisation} = ${JSON.stringify(input.organisation)}::jsonb`,
        ),
      )
      .orderBy(desc(issuedDocuments.issuedAt))
      .limit(1);
    if (existing) return existing;
    const [row] = await tx
      .insert(issuedDocuments)
      .values({
        code: newDocumentCode(),
        kind: input.kind,
        year: input.year,
        userId: input.userId,
        donationId: input.donationId,
        totalCents: input.totalCents,
        organisation: input.organisation,
        issuedAt: now,
      })
      .returning({ code: issuedDocuments.code, issuedAt: issuedDocuments.issuedAt });
    return row!;
  });
}

/** What the public page shows of a code (never whom the document names), or null for a code nobody issued. */
export async function verifyDocument(executor: Executor, code: string): Promise<DocumentVerification | null> {
  const [row] = await executor.select().from(issuedDocuments).where(eq(issuedDocuments.code, code)).limit(1);
  if (!row) return null;
  const organisation = row.organisation as IssuingOrganisation;
  return {
    code: row.code,
    kind: row.kind,
    year: row.year,
    total: row.totalCents,
    organisation: { legal_name: organisation.legal_name, cnpj: organisation.cnpj },
    issued_at: row.issuedAt.toISOString(),
  };
}
