import { donationStatusNames, paymentMethodNames } from '../../../contracts/admin-messages';
import type { Locale } from '../../../contracts/constants';
import { PAYMENT_METHODS, type DonationStatus, type PaymentMethod } from '../../../contracts/donations';
import type { MessageDescriptor } from '../../../contracts/messages';
import { formatSpreadsheetDateTime } from '../../i18n/format';
import type { Translator } from '../../i18n/translator';

/**
 * The words of the admins' exports (docs/admin.md): headers and values in the language of the admin who
 * asked, dates and times in São Paulo. Codes (a payment method's `pix`, a status's `confirmed`) keep a
 * column of their own beside the words, for whoever reconciles the file by machine.
 */
export const exportWords = {
  donation: /*i18n*/ { id: 'export.column.donation', message: 'Doação' },
  date: /*i18n*/ { id: 'export.column.date', message: 'Data' },
  confirmedAt: /*i18n*/ { id: 'export.column.confirmed_at', message: 'Confirmada' },
  status: /*i18n*/ { id: 'export.column.status', message: 'Situação' },
  statusCode: /*i18n*/ { id: 'export.column.status_code', message: 'Situação (código)' },
  method: /*i18n*/ { id: 'export.column.method', message: 'Meio' },
  methodCode: /*i18n*/ { id: 'export.column.method_code', message: 'Meio (código)' },
  campaign: /*i18n*/ { id: 'export.column.campaign', message: 'Campanha' },
  donor: /*i18n*/ { id: 'export.column.donor', message: 'Doador' },
  email: /*i18n*/ { id: 'export.column.email', message: 'E-mail' },
  document: /*i18n*/ { id: 'export.column.document', message: 'Documento' },
  amount: /*i18n*/ { id: 'export.column.amount', message: 'Valor' },
  refunded: /*i18n*/ { id: 'export.column.refunded', message: 'Reembolsado' },
  kind: /*i18n*/ { id: 'export.column.kind', message: 'Tipo' },
  reference: /*i18n*/ { id: 'export.column.reference', message: 'Referência' },
  category: /*i18n*/ { id: 'export.column.category', message: 'Categoria' },
  recurring: /*i18n*/ { id: 'export.column.recurring', message: 'Recorrente' },
  gross: /*i18n*/ { id: 'export.column.gross', message: 'Bruto' },
  refund: /*i18n*/ { id: 'export.column.refund', message: 'Reembolso' },
  fee: /*i18n*/ { id: 'export.column.fee', message: 'Taxa' },
  net: /*i18n*/ { id: 'export.column.net', message: 'Líquido' },
  generalFund: /*i18n*/ { id: 'export.value.general_fund', message: 'Fundo geral' },
  kindDonation: /*i18n*/ { id: 'export.value.kind_donation', message: 'doação' },
  kindRefund: /*i18n*/ { id: 'export.value.kind_refund', message: 'reembolso' },
  kindChargeback: /*i18n*/ { id: 'export.value.kind_chargeback', message: 'contestação (chargeback)' },
  kindFee: /*i18n*/ { id: 'export.value.kind_fee', message: 'taxa do meio de pagamento' },
  yes: /*i18n*/ { id: 'export.value.yes', message: 'sim' },
  no: /*i18n*/ { id: 'export.value.no', message: 'não' },
  ledgerSheet: /*i18n*/ { id: 'export.sheet.ledger', message: 'Lançamentos' },
} satisfies Record<string, MessageDescriptor>;

export interface ExportText {
  t(descriptor: MessageDescriptor): string;
  method(code: string | null): string;
  donationStatus(code: DonationStatus): string;
  /** An ISO instant as '22/11/2026 14:05:09' in São Paulo ('' for none). */
  dateTime(iso: string | null): string;
}

const isPaymentMethod = (code: string): code is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(code);

export function exportText(translator: Translator, locale: Locale): ExportText {
  const t = (descriptor: MessageDescriptor) => translator.translate(locale, descriptor);
  return {
    t,
    method: (code) => (code === null ? '' : isPaymentMethod(code) ? t(paymentMethodNames[code]) : code),
    donationStatus: (code) => t(donationStatusNames[code]),
    dateTime: (iso) => (iso ? formatSpreadsheetDateTime(new Date(iso)) : ''),
  };
}
