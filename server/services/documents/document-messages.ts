import type { MessageDescriptor } from '../../../contracts/messages';

/**
 * The statements' and verification's texts (docs/privacy.md, "Statements and declarations"): the API's refusals
 * and the statement PDF, written in the reader's language. The company declaration is not here: it is the
 * Receita's model, in Portuguese whatever the reader's language (declaration-pdf.ts).
 */
export const documentMessages = {
  notFound: /*i18n*/ { id: 'document.not_found', message: 'Nenhum documento emitido tem este código de verificação.' },
  codeInvalid: /*i18n*/ {
    id: 'document.code_invalid',
    message: 'O código de verificação tem 12 letras e números, como 7KQ4-M2XD-9TBA.',
  },
  noGifts: /*i18n*/ { id: 'document.no_gifts', message: 'Não há doações confirmadas neste ano.' },
  donationNotFound: /*i18n*/ { id: 'document.donation_not_found', message: 'Esta doação não existe ou não é sua.' },
  yearFuture: /*i18n*/ { id: 'document.year_future', message: 'Este ano ainda não começou.' },
  declarationsUnavailable: /*i18n*/ {
    id: 'document.declarations_unavailable',
    message:
      'A organização ainda não pode emitir declarações para dedução: falta o título de OSCIP ou de utilidade pública nos seus dados.',
  },
  notCompany: /*i18n*/ {
    id: 'document.not_company',
    message: 'A declaração para dedução é só para doações feitas como empresa (com CNPJ).',
  },
  pdfTitle: /*i18n*/ { id: 'document.statement.title', message: 'Comprovante anual de doações — {year}' },
  pdfIssuer: /*i18n*/ { id: 'document.statement.issuer', message: 'Emitido por {name}, CNPJ {cnpj}' },
  pdfDonor: /*i18n*/ { id: 'document.statement.donor', message: 'Doador: {name}' },
  pdfDonorDocument: /*i18n*/ { id: 'document.statement.donor_document', message: '{kind}: {document}' },
  pdfIntro: /*i18n*/ {
    id: 'document.statement.intro',
    message: 'Doações confirmadas em {year} (horário de Brasília), com o que foi estornado de cada uma.',
  },
  pdfColumnDate: /*i18n*/ { id: 'document.statement.column_date', message: 'Data' },
  pdfColumnCampaign: /*i18n*/ { id: 'document.statement.column_campaign', message: 'Causa' },
  pdfColumnMethod: /*i18n*/ { id: 'document.statement.column_method', message: 'Forma' },
  pdfColumnAmount: /*i18n*/ { id: 'document.statement.column_amount', message: 'Valor' },
  pdfColumnRefunded: /*i18n*/ { id: 'document.statement.column_refunded', message: 'Estornado' },
  pdfColumnNet: /*i18n*/ { id: 'document.statement.column_net', message: 'Líquido' },
  pdfGeneralFund: /*i18n*/ { id: 'document.statement.general_fund', message: 'Fundo geral' },
  pdfTotal: /*i18n*/ { id: 'document.statement.total', message: 'Total doado em {year}: {total}' },
  pdfVerification: /*i18n*/ {
    id: 'document.statement.verification',
    message: 'Código de verificação: {code}. Confira a autenticidade em {url}',
  },
  pdfIssuedAt: /*i18n*/ { id: 'document.statement.issued_at', message: 'Emitido em {date}.' },
  pdfPage: /*i18n*/ { id: 'document.statement.page', message: 'Página {page} de {pages}' },
  methodCard: /*i18n*/ { id: 'document.method.card', message: 'Cartão' },
  methodPix: /*i18n*/ { id: 'document.method.pix', message: 'PIX' },
  methodPaypal: /*i18n*/ { id: 'document.method.paypal', message: 'PayPal' },
  methodGiftCard: /*i18n*/ { id: 'document.method.gift_card', message: 'Gift card' },
  methodWallet: /*i18n*/ { id: 'document.method.wallet', message: 'Carteira' },
} satisfies Record<string, MessageDescriptor>;
