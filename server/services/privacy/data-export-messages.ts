import type { MessageDescriptor } from '../../../contracts/messages';

/** The texts of a copy of one's data (docs/privacy.md): the API's refusals, its e-mail and the ZIP's README. */
export const dataExportMessages = {
  notFound: /*i18n*/ { id: 'data_export.not_found', message: 'Cópia dos dados não encontrada.' },
  notReady: /*i18n*/ {
    id: 'data_export.not_ready',
    message: 'A cópia dos seus dados ainda está sendo preparada. Avisaremos por e-mail quando estiver pronta.',
  },
  expired: /*i18n*/ {
    id: 'data_export.expired',
    message: 'Esta cópia dos seus dados não está mais disponível. Peça uma nova na página do seu perfil.',
  },
  mailSubject: /*i18n*/ { id: 'mail.data_export.subject', message: 'A cópia dos seus dados no Semear está pronta' },
  mailIntro: /*i18n*/ {
    id: 'mail.data_export.intro',
    message:
      'A cópia dos seus dados que você pediu está pronta. Para baixá-la, entre na sua conta e abra a seção "Meus dados" do seu perfil.',
  },
  mailUntil: /*i18n*/ {
    id: 'mail.data_export.until',
    message: 'O arquivo fica disponível até {until} e só pode ser baixado com a sua conta conectada.',
  },
  mailNotYou: /*i18n*/ {
    id: 'mail.data_export.not_you',
    message: 'Se não foi você quem pediu, troque sua senha e encerre as sessões que não reconhece na página de segurança.',
  },
  mailAction: /*i18n*/ { id: 'mail.data_export.action', message: 'Abrir meus dados' },
  readmeTitle: /*i18n*/ { id: 'data_export.readme.title', message: 'Cópia dos seus dados no Semear' },
  readmeIntro: /*i18n*/ {
    id: 'data_export.readme.intro',
    message:
      'Este arquivo reúne os dados pessoais que o Semear guarda sobre a conta {email}, gerado em {date} a seu pedido (LGPD, art. 18, II e V). Os arquivos estão em JSON, um formato aberto que outros serviços podem ler. Valores em dinheiro estão em centavos; datas e horas em ISO 8601 (UTC).',
  },
  readmeFiles: /*i18n*/ { id: 'data_export.readme.files', message: 'O que cada arquivo contém:' },
  readmeSecrets: /*i18n*/ {
    id: 'data_export.readme.secrets',
    message:
      'Por segurança, não entram aqui a sua senha (guardamos apenas um resumo dela), os segredos do aplicativo autenticador, os códigos de recuperação nem os tokens dos cartões: de cada cartão salvo vão só a bandeira, os quatro últimos dígitos e a validade.',
  },
  readmeDpo: /*i18n*/ {
    id: 'data_export.readme.dpo',
    message: 'Dúvidas ou pedidos sobre os seus dados: fale com o nosso encarregado (DPO): {contact}',
  },
  fileProfile: /*i18n*/ { id: 'data_export.file.profile', message: 'seus dados de cadastro, incluindo o endereço' },
  fileAddresses: /*i18n*/ {
    id: 'data_export.file.addresses',
    message: 'os endereços e contatos que você informou em doações, compras e doações mensais',
  },
  fileDonations: /*i18n*/ { id: 'data_export.file.donations', message: 'suas doações, com pagamentos e reembolsos' },
  fileStatements: /*i18n*/ { id: 'data_export.file.statements', message: 'o resumo de cada ano com doações confirmadas' },
  fileSubscriptions: /*i18n*/ { id: 'data_export.file.subscriptions', message: 'suas doações mensais e cada cobrança' },
  fileCards: /*i18n*/ { id: 'data_export.file.cards', message: 'cartões salvos (bandeira, final e validade)' },
  fileWallet: /*i18n*/ { id: 'data_export.file.wallet', message: 'sua carteira: créditos, validades e cada lançamento' },
  fileGiftCards: /*i18n*/ { id: 'data_export.file.gift_cards', message: 'vales-presente comprados e resgatados' },
  fileNotifications: /*i18n*/ { id: 'data_export.file.notifications', message: 'suas notificações' },
  filePreferences: /*i18n*/ {
    id: 'data_export.file.preferences',
    message: 'suas escolhas: notificações por tipo e canal, e a causa que recebe o crédito não usado',
  },
  fileSessions: /*i18n*/ { id: 'data_export.file.sessions', message: 'os aparelhos em que você entrou (navegador, endereço IP, datas)' },
  fileSecondFactors: /*i18n*/ {
    id: 'data_export.file.second_factors',
    message: 'seus segundos fatores: nomes e datas, nunca os segredos',
  },
  fileDataRequests: /*i18n*/ { id: 'data_export.file.data_requests', message: 'seus pedidos de cópia ou exclusão de dados' },
} satisfies Record<string, MessageDescriptor>;
