import type { MessageDescriptor } from './messages';

/**
 * Messages of the giving flow (campaigns, checkout, payments), apart from contracts/messages.ts so
 * the first page does not load them: the web app needs them only in the checkout (their catalog
 * scope is `checkout`, see src/app/i18n/scopes.ts), and the server translates the rest itself.
 */
export const givingMessages = {
  cepNotFound: /*i18n*/ { id: 'error.cep_not_found', message: 'CEP não encontrado' },
  cepUnavailable: /*i18n*/ { id: 'error.cep_unavailable', message: 'Não foi possível consultar o CEP agora. Preencha o endereço à mão.' },
  giftCardCodeInvalid: /*i18n*/ { id: 'validation.gift_card_code.invalid', message: 'Código inserido é inválido' },
  giftCardNotFound: /*i18n*/ { id: 'error.gift_card_not_found', message: 'Gift-card não encontrado' },
  giftCardInsufficient: /*i18n*/ { id: 'error.gift_card_insufficient', message: 'O saldo do gift-card não cobre esta doação.' },
  walletInsufficient: /*i18n*/ { id: 'error.wallet_insufficient', message: 'Seu saldo não cobre esta doação.' },
  campaignNotFound: /*i18n*/ { id: 'error.campaign_not_found', message: 'Campanha não encontrada.' },
  campaignNotAccepting: /*i18n*/ { id: 'error.campaign_not_accepting', message: 'Esta campanha não está recebendo doações.' },
  donationNotFound: /*i18n*/ { id: 'error.donation_not_found', message: 'Doação não encontrada.' },
  amountRequired: /*i18n*/ { id: 'validation.amount.required', message: 'O valor é obrigatório' },
  amountWholeCents: /*i18n*/ { id: 'validation.amount.cents', message: 'Informe o valor em centavos inteiros' },
  amountTooLow: /*i18n*/ { id: 'validation.amount.too_low', message: 'Valor menor que o permitido' },
  amountTooHigh: /*i18n*/ { id: 'validation.amount.too_high', message: 'Valor maior que o permitido' },
  messageTooLong: /*i18n*/ { id: 'validation.message.too_long', message: 'A mensagem deve ter no máximo 500 caracteres' },
  corporateNameRequired: /*i18n*/ { id: 'validation.corporate_name.required', message: 'A razão social é obrigatória' },
  contactNameRequired: /*i18n*/ { id: 'validation.contact_name.required', message: 'O nome do responsável é obrigatório' },
  countryRequired: /*i18n*/ { id: 'validation.country.required', message: 'O país é obrigatório' },
  zipCodeRequired: /*i18n*/ { id: 'validation.zip_code.required', message: 'O CEP é obrigatório' },
  cityRequired: /*i18n*/ { id: 'validation.city.required', message: 'A cidade é obrigatória' },
  stateRequired: /*i18n*/ { id: 'validation.state.required', message: 'O estado é obrigatório' },
  streetRequired: /*i18n*/ { id: 'validation.street.required', message: 'O endereço é obrigatório' },
  houseNumberRequired: /*i18n*/ { id: 'validation.house_number.required', message: 'O número é obrigatório' },
  addressMustBeBrazilian: /*i18n*/ {
    id: 'validation.address.brazilian',
    message: 'O endereço deve ser no Brasil. Se você mora fora, marque a opção de estrangeiro.',
  },
  foreignerPaypalOnly: /*i18n*/ { id: 'validation.payment.foreigner_paypal', message: 'Doadores estrangeiros só podem pagar com PayPal.' },
  paypalForeignersOnly: /*i18n*/ {
    id: 'validation.payment.paypal_foreigners',
    message: 'O PayPal é para doadores estrangeiros. Escolha cartão ou PIX.',
  },
  paymentMethodInvalid: /*i18n*/ { id: 'validation.payment.method', message: 'Escolha uma forma de pagamento' },
  cardNumberRequired: /*i18n*/ { id: 'validation.card_number.required', message: 'O número do cartão é obrigatório' },
  cardNumberInvalid: /*i18n*/ { id: 'validation.card_number.invalid', message: 'Número de cartão inválido' },
  cardExpiryRequired: /*i18n*/ { id: 'validation.card_expiry.required', message: 'A validade é obrigatória' },
  cardExpiryInvalid: /*i18n*/ { id: 'validation.card_expiry.invalid', message: 'Validade inválida' },
  cardExpired: /*i18n*/ { id: 'validation.card_expiry.expired', message: 'Cartão vencido' },
  cvvRequired: /*i18n*/ { id: 'validation.cvv.required', message: 'O código de segurança é obrigatório' },
  cvvInvalid: /*i18n*/ { id: 'validation.cvv.invalid', message: 'Código de segurança inválido' },
  holderNameRequired: /*i18n*/ { id: 'validation.holder_name.required', message: 'O nome do titular é obrigatório' },
  holderDocumentRequired: /*i18n*/ { id: 'validation.holder_document.required', message: 'O CPF ou CNPJ do titular é obrigatório' },
  cardTokenInvalid: /*i18n*/ { id: 'error.card_token_invalid', message: 'Os dados do cartão expiraram. Digite o cartão de novo.' },
  savedCardNotFound: /*i18n*/ { id: 'error.saved_card_not_found', message: 'Cartão salvo não encontrado.' },
  cardDeclined: /*i18n*/ { id: 'error.card_declined', message: 'Pagamento recusado pelo banco emissor. Tente outro cartão.' },
  cardInsufficientFunds: /*i18n*/ {
    id: 'error.card_insufficient_funds',
    message: 'Saldo ou limite insuficiente no cartão. Tente outro cartão.',
  },
  cardBadSecurityCode: /*i18n*/ {
    id: 'error.card_bad_security_code',
    message: 'O código de segurança não confere. Confira os 3 ou 4 dígitos no cartão e tente de novo.',
  },
  cardDataInvalid: /*i18n*/ {
    id: 'error.card_data_invalid',
    message: 'Algum dado do cartão está incorreto. Confira o número, a validade e o nome do titular.',
  },
  cardCallForAuthorize: /*i18n*/ {
    id: 'error.card_call_for_authorize',
    message: 'O banco emissor pediu que você autorize este pagamento. Ligue para o banco e tente de novo, ou use outro cartão.',
  },
  cardDisabled: /*i18n*/ {
    id: 'error.card_disabled',
    message: 'Este cartão está bloqueado ou não foi ativado. Ligue para o banco emissor ou use outro cartão.',
  },
  cardDuplicatedPayment: /*i18n*/ {
    id: 'error.card_duplicated_payment',
    message: 'Você acabou de fazer um pagamento igual com este cartão. Para doar de novo, use outro cartão ou o PIX.',
  },
  cardChallengeRequired: /*i18n*/ {
    id: 'error.card_challenge_required',
    message: 'Esta campanha está recebendo muitas tentativas com cartão. Confirme que você não é um robô para continuar.',
  },
  cardChallengeRefused: /*i18n*/ {
    id: 'error.card_challenge_refused',
    message: 'A verificação não foi aceita ou expirou. Confirme de novo que você não é um robô.',
  },
  cardChallengeCancel: /*i18n*/ { id: 'checkout.card_challenge.cancel', message: 'Cancelar' },
  cardSlowed: /*i18n*/ {
    id: 'error.card_slowed',
    message: 'Esta campanha está recebendo muitas tentativas com cartão. Aguarde um pouco e tente de novo, ou doe com PIX.',
  },
  cardNotAccepted: /*i18n*/ {
    id: 'error.card_not_accepted',
    message: 'Este cartão não é aceito aqui. Use outro cartão ou o PIX.',
  },
  cardPaymentInReview: /*i18n*/ {
    id: 'payment.card_in_review',
    message: 'Seu pagamento está em análise. Avisaremos por e-mail assim que for aprovado.',
  },
  paymentFailed: /*i18n*/ { id: 'error.payment_failed', message: 'Não foi possível concluir o pagamento. Tente de novo.' },
  paymentProviderUnavailable: /*i18n*/ {
    id: 'error.payment_provider_unavailable',
    message: 'O meio de pagamento não respondeu. Tente de novo em instantes.',
  },
  paypalCancelled: /*i18n*/ { id: 'error.paypal_cancelled', message: 'O pagamento pelo PayPal foi cancelado.' },
  pixExpired: /*i18n*/ { id: 'error.pix_expired', message: 'O prazo deste PIX acabou. Gere um novo código.' },
  idempotencyKeyRequired: /*i18n*/ {
    id: 'error.idempotency_key_required',
    message: 'Cabeçalho Idempotency-Key obrigatório (de 8 a 255 caracteres).',
  },
  idempotencyKeyReused: /*i18n*/ {
    id: 'error.idempotency_key_reused',
    message: 'Esta chave de idempotência já foi usada com outros dados.',
  },
  idempotencyInProgress: /*i18n*/ {
    id: 'error.idempotency_in_progress',
    message: 'Uma requisição com esta chave ainda está em andamento. Tente de novo em instantes.',
  },
  idempotencyAttemptUnknown: /*i18n*/ {
    id: 'error.idempotency_attempt_unknown',
    message: 'Nenhum pedido chegou com esta chave: nada foi cobrado.',
  },
  webhookSignatureInvalid: /*i18n*/ { id: 'error.webhook_signature', message: 'Assinatura do webhook inválida.' },
} satisfies Record<string, MessageDescriptor>;
