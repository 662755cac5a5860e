import type { Locale } from '../../../contracts/constants';
import type { PaymentMethod } from '../../../contracts/donations';
import type { Statement } from '../../../contracts/statements';
import type { Address } from '../../../contracts/user';
import { formatBrlText, formatLongDate } from '../../i18n/format';
import type { Translator } from '../../i18n/translator';
import { documentMessages as dm } from './document-messages';
import { formatCnpj, maskCnpj, maskCpf } from './mask-document';
import { PdfFlow, TEXT_WIDTH } from './pdf-flow';

/** The NGO's data a document prints (readOrganisationProfile's, or the stored copy of an issued one). */
export interface PrintedOrganisation {
  legalName: string;
  cnpj: string;
  address: Address;
}

/** Whom a statement names: the account's (or the guest's) name and document, masked when printed. */
export interface StatementDonor {
  name: string;
  cpf: string | null;
  cnpj: string | null;
}

export interface StatementPdfInput {
  locale: Locale;
  organisation: PrintedOrganisation;
  donor: StatementDonor;
  statement: Statement;
  /** issueDocument's code and when it was issued. */
  code: string;
  issuedAt: Date;
  /** PUBLIC_URL, without a trailing slash: the verification page is PUBLIC_URL/recibos/{code}. */
  publicUrl: string;
}

/** The verification page of a code. */
export const verificationUrl = (publicUrl: string, code: string): string => `${publicUrl}/recibos/${code}`;

/** 'Avenida Paulista, 1578, sala 4 — Bela Vista — São Paulo/SP — CEP 01310-100': the parts that were filled. */
export function addressLine(address: Address): string {
  const street = [address.street_address, address.house_number, address.complement].filter(Boolean).join(', ');
  const city = [address.city, address.state].filter(Boolean).join('/');
  const zip = address.zip_code.length === 8 ? `CEP ${address.zip_code.slice(0, 5)}-${address.zip_code.slice(5)}` : address.zip_code;
  return [street, address.neighborhood, city, zip].filter(Boolean).join(' — ');
}

const METHOD_NAMES: Record<PaymentMethod, (typeof dm)[keyof typeof dm]> = {
  card: dm.methodCard,
  saved_card: dm.methodCard,
  pix: dm.methodPix,
  paypal: dm.methodPaypal,
  gift_card: dm.methodGiftCard,
  wallet: dm.methodWallet,
};

/** '2026-12-31T23:30:00-03:00' → '31/12/2026': the statement's dates are São Paulo's already. */
const dayOf = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * The year's statement as an A4 PDF (docs/privacy.md, "Statements and declarations"), in the reader's language:
 * the NGO's legal data, the donor's name and masked CPF or CNPJ, every gift with its refunds and net, the total
 * in reais, and the verification code with its public page. Guests' statements (a receipt link's) use it too.
 */
export async function renderStatementPdf(translator: Translator, input: StatementPdfInput): Promise<Uint8Array> {
  const { locale, organisation, donor, statement } = input;
  const t = (message: (typeof dm)[keyof typeof dm], values?: Record<string, string | number>) =>
    translator.translate(locale, message, values);
  const flow = await PdfFlow.create(t(dm.pdfTitle, { year: statement.year }));
  flow.paragraph(t(dm.pdfTitle, { year: statement.year }), { size: 16, bold: true });
  flow.paragraph(organisation.legalName, { bold: true, before: 10 });
  flow.paragraph(t(dm.pdfIssuer, { name: organisation.legalName, cnpj: formatCnpj(organisation.cnpj) }));
  const address = addressLine(organisation.address);
  if (address) flow.paragraph(address, { muted: true });
  flow.rule();
  flow.paragraph(t(dm.pdfDonor, { name: donor.name }), { bold: true, before: 6 });
  if (donor.cnpj) flow.paragraph(t(dm.pdfDonorDocument, { kind: 'CNPJ', document: maskCnpj(donor.cnpj) }));
  else if (donor.cpf) flow.paragraph(t(dm.pdfDonorDocument, { kind: 'CPF', document: maskCpf(donor.cpf) }));
  flow.paragraph(t(dm.pdfIntro, { year: statement.year }), { before: 8 });

  const widths = [62, TEXT_WIDTH - 62 - 62 - 3 * 66, 62, 66, 66, 66];
  const right = [false, false, false, true, true, true];
  flow.row(
    [dm.pdfColumnDate, dm.pdfColumnCampaign, dm.pdfColumnMethod, dm.pdfColumnAmount, dm.pdfColumnRefunded, dm.pdfColumnNet].map((m) =>
      t(m),
    ),
    widths,
    { bold: true, right },
  );
  for (const gift of statement.donations) {
    flow.row(
      [
        dayOf(gift.date),
        gift.campaign ?? t(dm.pdfGeneralFund),
        t(METHOD_NAMES[gift.method]),
        formatBrlText(gift.amount),
        gift.refunded > 0 ? formatBrlText(gift.refunded) : '—',
        formatBrlText(gift.net),
      ],
      widths,
      { right },
    );
  }
  flow.rule();
  flow.paragraph(t(dm.pdfTotal, { year: statement.year, total: formatBrlText(statement.total) }), { size: 12, bold: true, before: 6 });
  flow.paragraph(t(dm.pdfVerification, { code: input.code, url: verificationUrl(input.publicUrl, input.code) }), { before: 14 });
  flow.paragraph(t(dm.pdfIssuedAt, { date: formatLongDate(input.issuedAt, locale) }), { muted: true });
  return flow.finish((page, pages) => `${t(dm.pdfPage, { page, pages })} · ${input.code}`);
}
