import type { MessageDescriptor } from '../../../contracts/messages';

/** Texts of January's statement e-mail; `lingui extract` collects them through the i18n markers. */
export const statementMailMessages = {
  subject: /*i18n*/ { id: 'mail.yearly_statement.subject', message: 'Seu comprovante de doações de {year}' },
  greeting: /*i18n*/ { id: 'mail.yearly_statement.greeting', message: 'Olá, {name}!' },
  body: /*i18n*/ {
    id: 'mail.yearly_statement.body',
    message: 'Em {year}, você doou {total} pelo Semear. Obrigado por cada uma dessas doações.',
  },
  action: /*i18n*/ {
    id: 'mail.yearly_statement.action',
    message: 'O comprovante do ano, em PDF e com código de verificação, está em Meu perfil › Comprovantes: {url}',
  },
  optOut: /*i18n*/ {
    id: 'mail.yearly_statement.opt_out',
    message: 'Não quer receber este e-mail nos próximos anos? Desmarque “Comprovante anual de doações” nas suas preferências: {url}',
  },
} satisfies Record<string, MessageDescriptor>;

/** Texts of the guest's statement e-mail, asked for from a donation's receipt page. */
export const guestStatementMailMessages = {
  subject: /*i18n*/ { id: 'mail.guest_statement.subject', message: 'Seu comprovante de doações de {year}' },
  greeting: /*i18n*/ { id: 'mail.guest_statement.greeting', message: 'Olá, {name}!' },
  body: /*i18n*/ {
    id: 'mail.guest_statement.body',
    message: 'Em {year}, as doações feitas sem conta com este e-mail somaram {total}, já descontados os estornos:',
  },
  line: /*i18n*/ { id: 'mail.guest_statement.line', message: '{date} · {campaign} · {net}' },
  generalFund: /*i18n*/ { id: 'mail.guest_statement.general_fund', message: 'Fundo geral' },
  pdf: /*i18n*/ {
    id: 'mail.guest_statement.pdf',
    message: 'O comprovante em PDF, com código de verificação, está neste link (vale {days} dias): {url}',
  },
  ignore: /*i18n*/ {
    id: 'mail.guest_statement.ignore',
    message: 'Alguém pediu este comprovante na página de uma doação feita com este e-mail. Se não foi você, ignore esta mensagem.',
  },
} satisfies Record<string, MessageDescriptor>;
