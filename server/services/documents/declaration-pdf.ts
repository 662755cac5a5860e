import { formatBrlText, formatLongDate } from '../../i18n/format';
import type { OrganisationProfile } from '../organisation/organisation-profile';
import { formatCnpj } from './mask-document';
import { PdfFlow, TEXT_WIDTH } from './pdf-flow';
import { addressLine, verificationUrl } from './statement-pdf';

/** One gift a company declaration lists: its São Paulo date and what the NGO kept of it (net of refunds). */
export interface DeclaredGift {
  date: string;
  net: number;
}

/** One company's gifts: its own declaration, on its own page. */
export interface DeclaredCompany {
  company: { name: string; cnpj: string };
  gifts: readonly DeclaredGift[];
  total: number;
}

export interface DeclarationPdfInput {
  organisation: OrganisationProfile;
  year: number;
  /** Usually one; an account that gave as two companies in a year gets one declaration for each, in one file. */
  companies: readonly DeclaredCompany[];
  code: string;
  issuedAt: Date;
  publicUrl: string;
}

const TITLES = {
  oscip: 'qualificada como Organização da Sociedade Civil de Interesse Público (OSCIP)',
  public_utility: 'reconhecida como de utilidade pública federal',
} as const;

/** 'AAAA-MM-DD' → 'DD/MM/AAAA'. */
const brazilianDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * The declaration a company needs to deduct its gifts (Lei 9.249/1995, art. 13, § 2º, III; the model of IN SRF
 * 87/1996): the NGO, with its title's number and date, declares it received the amount from the company named
 * by CNPJ, that it applies the resources entirely in its social objectives under the named person's
 * responsibility, and that it distributes no profits, bonuses or advantages; signed by its representative. It is
 * a document for the Receita, so it is written in Portuguese whatever the reader's language.
 */
export async function renderDeclarationPdf(input: DeclarationPdfInput): Promise<Uint8Array> {
  const { organisation } = input;
  if (organisation.deductionTitle === 'none') throw new Error('declaration: the organisation holds no deduction title');
  const flow = await PdfFlow.create(`Declaração de doação — ${input.year}`);
  input.companies.forEach((declared, index) => {
    if (index > 0) flow.newPage();
    declare(flow, input, declared);
  });
  return flow.finish((page, pages) => `Página ${page} de ${pages} · ${input.code}`);
}

function declare(flow: PdfFlow, input: DeclarationPdfInput, { company, gifts: declared, total }: DeclaredCompany): void {
  const { organisation } = input;
  if (organisation.deductionTitle === 'none') return;
  flow.paragraph('DECLARAÇÃO DE RECEBIMENTO DE DOAÇÃO', { size: 14, bold: true });
  flow.paragraph('Lei nº 9.249, de 26 de dezembro de 1995, art. 13, § 2º, inciso III', { muted: true });
  const titleDate = organisation.deductionTitleDate ? brazilianDay(organisation.deductionTitleDate) : '';
  const address = addressLine(organisation.address);
  const gifts = declared.length === 1 ? `em ${brazilianDay(declared[0]!.date)}` : `no ano de ${input.year}, conforme discriminado abaixo`;
  flow.paragraph(
    `${organisation.legalName}, inscrita no CNPJ sob o nº ${formatCnpj(organisation.cnpj)}${address ? `, com sede em ${address}` : ''}, ` +
      `${TITLES[organisation.deductionTitle]} pelo título nº ${organisation.deductionTitleNumber}, de ${titleDate}, ` +
      `declara, para os fins do art. 13, § 2º, inciso III, da Lei nº 9.249/1995, que recebeu de ${company.name}, ` +
      `inscrita no CNPJ sob o nº ${formatCnpj(company.cnpj)}, a importância de ${formatBrlText(total)}, a título de doação, ${gifts}.`,
    { before: 16 },
  );
  flow.paragraph('Declara ainda que:', { before: 10 });
  flow.paragraph(
    `a) aplica integralmente os recursos recebidos na realização de seus objetivos sociais, sendo ` +
      `${organisation.representativeName}${organisation.representativeRole ? `, ${organisation.representativeRole},` : ''} ` +
      `a pessoa responsável por sua aplicação;`,
    { before: 4 },
  );
  flow.paragraph(
    'b) não distribui lucros, bonificações ou vantagens a dirigentes, mantenedores ou associados, sob nenhuma forma ou pretexto.',
    {
      before: 4,
    },
  );
  if (declared.length > 1) {
    flow.paragraph('Doações recebidas', { bold: true, before: 12 });
    for (const gift of declared) flow.row([brazilianDay(gift.date.slice(0, 10)), formatBrlText(gift.net)], [90, TEXT_WIDTH - 90]);
    flow.rule();
    flow.row(['Total', formatBrlText(total)], [90, TEXT_WIDTH - 90], { bold: true });
  }
  const city = organisation.address.city ? `${organisation.address.city}, ` : '';
  flow.paragraph(`${city}${formatLongDate(input.issuedAt, 'pt')}.`, { before: 18 });
  flow.signature(organisation.representativeName, organisation.representativeRole);
  flow.paragraph(`Código de verificação: ${input.code}. Confira a autenticidade em ${verificationUrl(input.publicUrl, input.code)}`, {
    before: 18,
    muted: true,
  });
}
