import type { MessageDescriptor } from '../../../contracts/messages';

/** Texts of the monthly-giving e-mails; `lingui extract` collects them through the i18n markers. */
export const subscriptionMailMessages = {
  greeting: /*i18n*/ { id: 'mail.monthly.greeting', message: 'Olá, {name}!' },
  succeededSubject: /*i18n*/ { id: 'mail.monthly.succeeded.subject', message: 'Sua doação mensal de {amount} chegou à sua carteira' },
  succeededCharged: /*i18n*/ {
    id: 'mail.monthly.succeeded.charged',
    message:
      'Cobramos {amount} no cartão {brand} final {last4}. O valor já está na sua carteira Semear para você escolher as causas que quer apoiar.',
  },
  succeededExpiry: /*i18n*/ {
    id: 'mail.monthly.succeeded.expiry',
    message:
      'O crédito vale até a próxima cobrança, em {date}. O que não for doado até lá vai automaticamente para a causa que você escolheu na carteira.',
  },
  succeededPix: /*i18n*/ {
    id: 'mail.monthly.succeeded.pix',
    message: 'Recebemos {amount} por Pix Automático. O valor já está na sua carteira Semear para você escolher as causas que quer apoiar.',
  },
  failedSubject: /*i18n*/ { id: 'mail.monthly.failed.subject', message: 'Não conseguimos cobrar sua doação mensal de {amount}' },
  failedReason: /*i18n*/ { id: 'mail.monthly.failed.reason', message: 'A cobrança de {amount} não foi aprovada: {reason}' },
  failedRetry: /*i18n*/ {
    id: 'mail.monthly.failed.retry',
    message: 'Vamos tentar de novo em {date}. Se preferir, troque o cartão da doação mensal no seu perfil: {url}',
  },
  failedRetryPix: /*i18n*/ {
    id: 'mail.monthly.failed.retry_pix',
    message: 'Seu banco vai tentar o débito de novo em {date}. Deixe o valor disponível na conta até lá.',
  },
  endedSubject: /*i18n*/ { id: 'mail.monthly.ended.subject', message: 'Sua doação mensal foi cancelada' },
  endedAfterFailures: /*i18n*/ {
    id: 'mail.monthly.ended.after_failures',
    message:
      'Tentamos cobrar {amount} quatro vezes, sem sucesso, e por isso cancelamos sua doação mensal. Você pode voltar a doar todo mês quando quiser: {url}',
  },
  canceledAtBank: /*i18n*/ {
    id: 'mail.monthly.canceled.at_bank',
    message:
      'A autorização do Pix Automático da sua doação mensal de {amount} foi cancelada no seu banco, e por isso encerramos a doação mensal. O crédito que já está na sua carteira continua valendo. Você pode voltar a doar todo mês quando quiser: {url}',
  },
  canceledConfirmation: /*i18n*/ {
    id: 'mail.monthly.canceled.confirmation',
    message:
      'Confirmamos o cancelamento da sua doação mensal de {amount}. Nenhuma nova cobrança será feita, e o crédito que já está na sua carteira continua valendo até a data de expiração.',
  },
  cancelLink: /*i18n*/ {
    id: 'mail.monthly.cancel_link',
    message: 'Para cancelar a doação mensal sem entrar na sua conta, use este link: {url}',
  },
  reasonDeclined: /*i18n*/ { id: 'mail.monthly.reason.declined', message: 'o banco emissor recusou o pagamento.' },
  reasonInsufficientFunds: /*i18n*/ {
    id: 'mail.monthly.reason.insufficient_funds',
    message: 'o cartão não tinha saldo ou limite suficiente.',
  },
  reasonCardUnusable: /*i18n*/ {
    id: 'mail.monthly.reason.card_unusable',
    message: 'o cartão não pode mais ser usado. Cadastre outro cartão.',
  },
  reasonPixRefused: /*i18n*/ { id: 'mail.monthly.reason.pix_refused', message: 'seu banco não concluiu o débito.' },
  reasonFailed: /*i18n*/ { id: 'mail.monthly.reason.failed', message: 'o pagamento não foi concluído.' },
  signature: /*i18n*/ { id: 'mail.monthly.signature', message: 'Equipe Semear' },
} satisfies Record<string, MessageDescriptor>;
