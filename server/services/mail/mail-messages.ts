import type { MessageDescriptor } from '../../../contracts/messages';

/** Texts of the mail the server sends; `lingui extract` collects them through the i18n markers. */
export const mailMessages = {
  passwordResetSubject: /*i18n*/ { id: 'mail.password_reset.subject', message: 'Redefina sua senha do Semear' },
  passwordResetGreeting: /*i18n*/ { id: 'mail.password_reset.greeting', message: 'Olá, {name}!' },
  passwordResetIntro: /*i18n*/ {
    id: 'mail.password_reset.intro',
    message:
      'Recebemos um pedido para redefinir a senha da sua conta. Use o link abaixo para escolher uma nova senha. Ele vale por 1 hora e só pode ser usado uma vez.',
  },
  passwordResetAction: /*i18n*/ { id: 'mail.password_reset.action', message: 'Escolher nova senha' },
  passwordResetIgnore: /*i18n*/ {
    id: 'mail.password_reset.ignore',
    message: 'Se você não pediu isso, ignore este e-mail: sua senha continua a mesma.',
  },
  signature: /*i18n*/ { id: 'mail.signature', message: 'Equipe Semear' },
} satisfies Record<string, MessageDescriptor>;
