import type { MessageDescriptor } from '../../../contracts/messages';

/** Texts of the "you received a gift card" e-mail; `lingui extract` collects them through the i18n markers. */
export const giftCardReceivedMessages = {
  subject: /*i18n*/ { id: 'mail.gift_card_received.subject', message: 'Você recebeu um vale-presente de {amount} no Semear' },
  greeting: /*i18n*/ { id: 'mail.gift_card_received.greeting', message: 'Olá, {name}!' },
  from: /*i18n*/ {
    id: 'mail.gift_card_received.from',
    message: '{from} enviou para você um vale-presente de {amount} para doar no Semear.',
  },
  anonymous: /*i18n*/ {
    id: 'mail.gift_card_received.anonymous',
    message: 'Você recebeu um vale-presente de {amount} para doar no Semear.',
  },
  message: /*i18n*/ { id: 'mail.gift_card_received.message', message: 'Mensagem: {message}' },
  code: /*i18n*/ { id: 'mail.gift_card_received.code', message: 'Código do vale-presente: {code}' },
  expiry: /*i18n*/ {
    id: 'mail.gift_card_received.expiry',
    message: 'Use o código ao doar até {date}. O que sobrar nessa data é doado automaticamente a uma causa.',
  },
  signature: /*i18n*/ { id: 'mail.gift_card_received.signature', message: 'Equipe Semear' },
} satisfies Record<string, MessageDescriptor>;
