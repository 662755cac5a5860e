import type { MessageDescriptor } from '../../../contracts/messages';

/** Texts of the gift-card e-mails; `lingui extract` collects them through the i18n markers. */
export const giftCardMailMessages = {
  expiringSubject: /*i18n*/ { id: 'mail.gift_card_expiring.subject', message: 'Seu gift card Semear vence em {date}' },
  greeting: /*i18n*/ { id: 'mail.gift_card_expiring.greeting', message: 'Olá, {name}!' },
  greetingAnonymous: /*i18n*/ { id: 'mail.gift_card_expiring.greeting_anonymous', message: 'Olá!' },
  expiringBody: /*i18n*/ {
    id: 'mail.gift_card_expiring.body',
    message: 'Ainda há {amount} no seu gift card Semear, para doar até {date}. O que não for usado até lá será doado automaticamente.',
  },
  expiringAction: /*i18n*/ { id: 'mail.gift_card_expiring.action', message: 'Escolha uma causa ou guarde o valor na sua carteira: {url}' },
} satisfies Record<string, MessageDescriptor>;
