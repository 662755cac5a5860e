import type { MessageDescriptor } from '../../../contracts/messages';

/** Texts of the donation receipt e-mail; `lingui extract` collects them through the i18n markers. */
export const receiptMessages = {
  subject: /*i18n*/ { id: 'mail.receipt.subject', message: 'Recibo da sua doação de {amount}' },
  greeting: /*i18n*/ { id: 'mail.receipt.greeting', message: 'Olá, {name}!' },
  thanks: /*i18n*/ { id: 'mail.receipt.thanks', message: 'Obrigado pela sua doação. Ela já foi confirmada e está somando na campanha.' },
  amount: /*i18n*/ { id: 'mail.receipt.amount', message: 'Valor: {amount}' },
  campaign: /*i18n*/ { id: 'mail.receipt.campaign', message: 'Campanha: {campaign}' },
  generalFund: /*i18n*/ { id: 'mail.receipt.general_fund', message: 'Fundo geral do Semear' },
  date: /*i18n*/ { id: 'mail.receipt.date', message: 'Data: {date}' },
  donationId: /*i18n*/ { id: 'mail.receipt.donation_id', message: 'Número da doação: {id}' },
  signature: /*i18n*/ { id: 'mail.receipt.signature', message: 'Equipe Semear' },
} satisfies Record<string, MessageDescriptor>;
