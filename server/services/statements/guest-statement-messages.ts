import type { MessageDescriptor } from '../../../contracts/messages';

/** A guest's statement refusals, translated by the server (the web shows the answer's message as it comes). */
export const guestStatementMessages = {
  accountDonation: /*i18n*/ {
    id: 'statement.account_donation',
    message: 'Esta doação foi feita com uma conta: o comprovante do ano está em Meu perfil, na seção Comprovantes.',
  },
  notConfirmed: /*i18n*/ {
    id: 'statement.not_confirmed',
    message: 'Esta doação ainda não foi confirmada. O comprovante fica disponível depois da confirmação.',
  },
  linkInvalid: /*i18n*/ {
    id: 'statement.link_invalid',
    message: 'Este link de comprovante expirou ou não é válido. Peça o comprovante de novo pela página da sua doação.',
  },
} satisfies Record<string, MessageDescriptor>;
