import type { MessageDescriptor } from './messages';

/**
 * Messages of buying gift cards (docs/spec.md §5), apart from contracts/messages.ts so the first page
 * does not load them: their catalog scope is `gift-card` (src/app/i18n/scopes.ts). The value's
 * 'O valor é obrigatório' and 'Valor menor que o permitido' are the giving flow's (giving-messages.ts).
 */
export const giftCardMessages = {
  valueWholeReais: /*i18n*/ { id: 'validation.gift_card_value.whole_reais', message: 'O valor deve ser em reais inteiros, sem centavos' },
  quantityInvalid: /*i18n*/ { id: 'validation.gift_card_quantity.invalid', message: 'Escolha de 1 a 20 cartões' },
  messageRequired: /*i18n*/ { id: 'validation.gift_card_message.required', message: 'A mensagem é obrigatória' },
  messageTooLong: /*i18n*/ { id: 'validation.gift_card_message.too_long', message: 'A mensagem deve ter no máximo 300 caracteres' },
  templateRequired: /*i18n*/ { id: 'validation.gift_card_template.required', message: 'Escolha um modelo de cartão' },
  fromRequired: /*i18n*/ { id: 'validation.gift_card_from.required', message: 'Diga quem envia o cartão' },
  recipientsRequired: /*i18n*/ { id: 'validation.gift_card_recipients.required', message: 'Adicione pelo menos um recebedor' },
  recipientsCount: /*i18n*/ {
    id: 'validation.gift_card_recipients.count',
    message: 'Informe um recebedor para cada cartão',
  },
  recipientsDuplicated: /*i18n*/ { id: 'validation.gift_card_recipients.duplicated', message: 'Apague os recebedores duplicados' },
  emailConfirmationRequired: /*i18n*/ {
    id: 'validation.email_confirmation.required',
    message: 'A confirmação do e-mail é obrigatória',
  },
  emailConfirmationDiffers: /*i18n*/ { id: 'validation.email_confirmation.differs', message: 'Os e-mails não conferem' },
  sendAtRequired: /*i18n*/ { id: 'validation.gift_card_send_at.required', message: 'Escolha o dia e a hora do envio' },
  sendAtPast: /*i18n*/ { id: 'validation.gift_card_send_at.past', message: 'O envio precisa ser depois de agora' },
  sendAtTooFar: /*i18n*/ { id: 'validation.gift_card_send_at.too_far', message: 'O envio precisa ser nos próximos 6 meses' },
  sheetTooBig: /*i18n*/ { id: 'validation.recipient_sheet.too_big', message: 'A planilha deve ter no máximo 2 MB' },
  sheetType: /*i18n*/ { id: 'validation.recipient_sheet.type', message: 'Envie uma planilha csv, xls ou xlsx' },
  sheetTooLarge: /*i18n*/ {
    id: 'validation.recipient_sheet.too_large',
    message: 'Esta planilha é grande demais para ler. Envie só as colunas de nome e e-mail, com até 100.000 linhas.',
  },
  sheetReaderBusy: /*i18n*/ {
    id: 'error.recipient_sheet.busy',
    message: 'Estamos lendo muitas planilhas agora. Envie a sua de novo em alguns instantes.',
  },
  sheetsPending: /*i18n*/ {
    id: 'error.recipient_sheet.pending',
    message: 'Você já tem planilhas sendo lidas. Aguarde a leitura terminar e envie de novo.',
  },
  sheetNoColumns: /*i18n*/ {
    id: 'validation.recipient_sheet.no_columns',
    message: 'Não encontramos as colunas de nome e e-mail. Use os títulos "Nome" e "E-mail" na primeira linha.',
  },
  sheetEmpty: /*i18n*/ { id: 'validation.recipient_sheet.empty', message: 'A planilha não tem recebedores' },
  sheetTooManyRows: /*i18n*/ {
    id: 'validation.recipient_sheet.too_many_rows',
    message: 'A planilha pode ter no máximo 100.000 recebedores',
  },
  sheetMissing: /*i18n*/ { id: 'validation.recipient_sheet.missing', message: 'Não encontramos essa planilha. Envie o arquivo de novo.' },
  companyRequired: /*i18n*/ {
    id: 'validation.gift_card_corporate.company',
    message: 'Pedidos corporativos são feitos em nome de uma empresa (CNPJ)',
  },
  corporateQuantity: /*i18n*/ { id: 'validation.gift_card_corporate.quantity', message: 'Escolha de 1 a 100.000 cartões' },
  logoTooFewCards: /*i18n*/ {
    id: 'validation.gift_card_corporate.logo_quantity',
    message: 'O logo da empresa está disponível em pedidos a partir de 100 cartões',
  },
  logoMissing: /*i18n*/ {
    id: 'validation.gift_card_corporate.logo_missing',
    message: 'Não encontramos esse logo. Envie a imagem de novo.',
  },
  sheetUnreadable: /*i18n*/ {
    id: 'validation.recipient_sheet.unreadable',
    message: 'Não conseguimos ler esta planilha. Envie outro arquivo.',
  },
  sheetNoValidRows: /*i18n*/ {
    id: 'validation.recipient_sheet.no_valid_rows',
    message: 'Nenhuma linha da planilha pode ser usada: corrija as linhas recusadas e envie de novo.',
  },
  sheetRowDuplicate: /*i18n*/ { id: 'validation.recipient_sheet.duplicate', message: 'E-mail repetido na planilha' },
  orderNotFound: /*i18n*/ { id: 'error.gift_card_order_not_found', message: 'Pedido de gift cards não encontrado.' },
  orderDraftPaid: /*i18n*/ {
    id: 'error.gift_card_order_draft_paid',
    message: 'Este pedido já foi pago. Para comprar outros cartões, comece um novo pedido.',
  },
  orderDraftPaying: /*i18n*/ {
    id: 'error.gift_card_order_draft_paying',
    message: 'Este pedido já está sendo pago em outra aba. Aguarde a confirmação.',
  },
  orderNotPaid: /*i18n*/ { id: 'error.gift_card_order_not_paid', message: 'Os cartões são emitidos quando o pagamento é confirmado.' },
  noPrintableCards: /*i18n*/ { id: 'error.gift_card_no_printable_cards', message: 'Este pedido não tem cartões para imprimir.' },
  pdfBusy: /*i18n*/ {
    id: 'error.gift_card_pdf_busy',
    message: 'Outros cartões seus ainda estão sendo preparados para impressão. Tente de novo quando ficarem prontos.',
  },
  cardNotFound: /*i18n*/ { id: 'error.gift_card_order_card_not_found', message: 'Este pedido não tem esse cartão.' },
  cardAlreadySent: /*i18n*/ {
    id: 'error.gift_card_already_sent',
    message: 'Este cartão já foi enviado: corrija o e-mail para enviá-lo de novo.',
  },
  cardDelivered: /*i18n*/ {
    id: 'error.gift_card_delivered',
    message: 'Este cartão já foi entregue e não muda de destinatário. Só um e-mail que voltou pode ser corrigido.',
  },
  cardNotByEmail: /*i18n*/ {
    id: 'error.gift_card_not_by_email',
    message: 'Os cartões deste pedido são impressos em PDF, não enviados por e-mail.',
  },
  cardUsed: /*i18n*/ { id: 'error.gift_card_used', message: 'Este cartão já foi usado e não pode mais ser enviado.' },
  logoTooBig: /*i18n*/ { id: 'validation.logo.too_big', message: 'O logo deve ter no máximo 2 MB' },
  logoType: /*i18n*/ { id: 'validation.logo.type', message: 'Envie o logo em jpeg, jpg ou png' },
  logoRatio: /*i18n*/ { id: 'validation.logo.ratio', message: 'O logo deve ter a proporção 19:9 (por exemplo, 1900 × 900 pixels)' },
  logoUnreadable: /*i18n*/ { id: 'validation.logo.unreadable', message: 'Não conseguimos ler esta imagem. Envie outro arquivo.' },
} satisfies Record<string, MessageDescriptor>;
