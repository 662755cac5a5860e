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
  deliverySubject: /*i18n*/ { id: 'mail.gift_card_delivery.subject', message: '{from} enviou para você um gift card Semear de {amount}' },
  deliveryIntro: /*i18n*/ {
    id: 'mail.gift_card_delivery.intro',
    message: '{from} enviou para você um gift card de {amount} para doar a uma causa no Semear.',
  },
  deliveryMessage: /*i18n*/ { id: 'mail.gift_card_delivery.message', message: 'Mensagem de {from}: “{message}”' },
  deliveryCode: /*i18n*/ { id: 'mail.gift_card_delivery.code', message: 'Código: {code}' },
  deliveryExpiry: /*i18n*/ {
    id: 'mail.gift_card_delivery.expiry',
    message: 'Válido até {date}. O que não for usado até lá será doado automaticamente a uma causa.',
  },
  deliveryAction: /*i18n*/ { id: 'mail.gift_card_delivery.action', message: 'Usar agora' },
  purchaseSubject: /*i18n*/ {
    id: 'mail.gift_card_purchase.subject',
    message: 'Pagamento confirmado: {quantity, plural, one {# gift card Semear} other {# gift cards Semear}}',
  },
  purchaseBody: /*i18n*/ {
    id: 'mail.gift_card_purchase.body',
    message:
      'Recebemos {total} por {quantity, plural, one {# gift card de {amount}, válido até {date}} other {# gift cards de {amount}, válidos até {date}}}.',
  },
  purchaseNow: /*i18n*/ { id: 'mail.gift_card_purchase.now', message: 'Cada recebedor já recebeu o seu cartão por e-mail.' },
  purchaseScheduled: /*i18n*/ { id: 'mail.gift_card_purchase.scheduled', message: 'Os cartões serão enviados por e-mail em {date}.' },
  purchasePdf: /*i18n*/ {
    id: 'mail.gift_card_purchase.pdf',
    message: 'Os códigos estão na página do pedido, para você imprimir e entregar: {url}',
  },
  purchaseOrder: /*i18n*/ { id: 'mail.gift_card_purchase.order', message: 'Número do pedido: {id}' },
  purchaseOrderLink: /*i18n*/ { id: 'mail.gift_card_purchase.order_link', message: 'Acompanhe o pedido e cada cartão: {url}' },
  purchaseCodes: /*i18n*/ { id: 'mail.gift_card_purchase.codes', message: 'Seus códigos (cada um vale {amount}):' },
  pdfFrom: /*i18n*/ { id: 'pdf.gift_card.from', message: 'De {from}' },
  pdfTo: /*i18n*/ { id: 'pdf.gift_card.to', message: 'para {to}' },
  pdfExpiry: /*i18n*/ { id: 'pdf.gift_card.expiry', message: 'Válido até {date}' },
  pdfCode: /*i18n*/ { id: 'pdf.gift_card.code', message: 'Código do gift card' },
  csvNumber: /*i18n*/ { id: 'csv.gift_card.number', message: 'Nº' },
  csvCode: /*i18n*/ { id: 'csv.gift_card.code', message: 'Código' },
  csvValue: /*i18n*/ { id: 'csv.gift_card.value', message: 'Valor' },
  csvExpiry: /*i18n*/ { id: 'csv.gift_card.expiry', message: 'Válido até' },
  csvRecipient: /*i18n*/ { id: 'csv.gift_card.recipient', message: 'Recebedor' },
  csvLink: /*i18n*/ { id: 'csv.gift_card.link', message: 'Link para usar' },
} satisfies Record<string, MessageDescriptor>;
