import type { MessageDescriptor } from './messages';

/**
 * Messages only the sign-in and sign-up pages show (a locked sign-in, the mailed sign-up link), apart from
 * contracts/messages.ts so the first page does not load them: their catalog scope is `auth`
 * (src/app/i18n/scopes.ts), loaded with those routes; the server translates them itself.
 */
export const authMessages = {
  accountLocked: /*i18n*/ {
    id: 'error.account_locked',
    message:
      'Muitas tentativas de entrar nesta conta. Por segurança, ela ficou bloqueada por alguns minutos. Enviamos um e-mail com um link para redefinir a senha.',
  },
  signUpMailSent: /*i18n*/ { id: 'signup.mail_sent', message: 'Enviamos um e-mail para {email}. Abra o link nele para ativar sua conta.' },
  signUpInvalid: /*i18n*/ {
    id: 'error.sign_up_invalid',
    message: 'Este link de confirmação expirou ou já foi usado. Faça o cadastro de novo.',
  },
} satisfies Record<string, MessageDescriptor>;
