import type { MessageDescriptor } from '../../../contracts/messages';

/** Texts of the wallet's e-mails (automatic donation, credit about to expire); server-only catalog scope. */
export const walletMailMessages = {
  greeting: /*i18n*/ { id: 'mail.wallet.greeting', message: 'Olá, {name}!' },
  donatedSubject: /*i18n*/ { id: 'mail.wallet.donated.subject', message: 'Seu crédito de {amount} virou doação para {cause}' },
  donatedLot: /*i18n*/ {
    id: 'mail.wallet.donated.lot',
    message: 'O crédito de {amount} da sua carteira venceu em {date} sem ser usado e foi doado para {cause}.',
  },
  donatedGiftCard: /*i18n*/ {
    id: 'mail.wallet.donated.gift_card',
    message: 'O vale-presente que você comprou venceu em {date} com {amount} sem uso, e esse valor foi doado para {cause}.',
  },
  expiringSubject: /*i18n*/ { id: 'mail.wallet.expiring.subject', message: 'Seu crédito de {amount} vence em {date}' },
  expiringBody: /*i18n*/ {
    id: 'mail.wallet.expiring.body',
    message:
      'Você tem {amount} de crédito na carteira que vence em {date}. Se não for usado até lá, será doado automaticamente para {cause}.',
  },
  reasonChosen: /*i18n*/ { id: 'mail.wallet.reason.chosen', message: 'Foi você quem escolheu essa causa na sua carteira.' },
  reasonMostGiven: /*i18n*/ { id: 'mail.wallet.reason.most_given', message: 'É a causa para a qual você mais doou nos últimos 12 meses.' },
  reasonGeneralFund: /*i18n*/ {
    id: 'mail.wallet.reason.general_fund',
    message:
      'Você ainda não escolheu uma causa e não doou para nenhuma campanha aberta nos últimos 12 meses, então o valor vai para o fundo geral do Semear.',
  },
  generalFund: /*i18n*/ { id: 'mail.wallet.general_fund', message: 'o fundo geral do Semear' },
  donatedAction: /*i18n*/ {
    id: 'mail.wallet.donated.action',
    message: 'Veja sua carteira e escolha para onde vai o próximo crédito: {url}',
  },
  expiringAction: /*i18n*/ {
    id: 'mail.wallet.expiring.action',
    message: 'Use o crédito em uma doação ou escolha outra causa na sua carteira: {url}',
  },
  signature: /*i18n*/ { id: 'mail.wallet.signature', message: 'Equipe Semear' },
} satisfies Record<string, MessageDescriptor>;
