import type { MessageDescriptor } from './messages';

/**
 * Messages of second factors (docs/security.md): the sign-in's second step, the profile's "Segurança"
 * page and the step-up dialog show them, apart from contracts/messages.ts so the first page does not
 * load them: their catalog scopes are `auth`, `profile` and `admin` (src/app/i18n/scopes.ts); the server
 * translates them itself.
 */
export const securityMessages = {
  secondFactorRequired: /*i18n*/ {
    id: 'error.second_factor_required',
    message: 'Confirme que é você: digite o código do aplicativo autenticador, use sua chave de acesso ou um código de recuperação.',
  },
  secondFactorInvalid: /*i18n*/ { id: 'error.second_factor_invalid', message: 'Código incorreto. Confira e tente de novo.' },
  secondFactorChallengeInvalid: /*i18n*/ {
    id: 'error.second_factor_challenge_invalid',
    message: 'Esta tentativa de entrar expirou. Entre de novo com seu e-mail e senha.',
  },
  secondFactorLocked: /*i18n*/ {
    id: 'error.second_factor_locked',
    message: 'Muitos códigos incorretos nesta conta. Por segurança, aguarde alguns minutos e tente de novo.',
  },
  secondFactorNotEnrolled: /*i18n*/ {
    id: 'error.second_factor_not_enrolled',
    message: 'Ative um aplicativo autenticador ou uma chave de acesso primeiro.',
  },
  totpAlreadyEnabled: /*i18n*/ { id: 'error.totp_already_enabled', message: 'O aplicativo autenticador já está ativado nesta conta.' },
  totpNotPending: /*i18n*/ {
    id: 'error.totp_not_pending',
    message: 'Comece de novo a ativação do aplicativo autenticador.',
  },
  totpNotFound: /*i18n*/ { id: 'error.totp_not_found', message: 'Esta conta não tem aplicativo autenticador ativado.' },
  passkeyInvalid: /*i18n*/ {
    id: 'error.passkey_invalid',
    message: 'Não foi possível confirmar a chave de acesso. Tente de novo.',
  },
  passkeyNotFound: /*i18n*/ { id: 'error.passkey_not_found', message: 'Chave de acesso não encontrada.' },
  codeRequired: /*i18n*/ { id: 'validation.second_factor_code.required', message: 'Digite o código' },
  codeFormat: /*i18n*/ {
    id: 'validation.second_factor_code.format',
    message: 'Digite os 6 números do aplicativo ou um código de recuperação',
  },
  totpCodeFormat: /*i18n*/ { id: 'validation.totp_code.format', message: 'Digite os 6 números do aplicativo autenticador' },
  challengeRequired: /*i18n*/ { id: 'validation.second_factor_challenge.required', message: 'Entre de novo com seu e-mail e senha' },
  passkeyNameRequired: /*i18n*/ { id: 'validation.passkey_name.required', message: 'Dê um nome a esta chave de acesso' },
  passkeyNameTooLong: /*i18n*/ { id: 'validation.passkey_name.too_long', message: 'O nome deve ter no máximo 60 caracteres' },
  passkeyResponseInvalid: /*i18n*/ { id: 'validation.passkey_response.invalid', message: 'Resposta da chave de acesso inválida' },
} satisfies Record<string, MessageDescriptor>;
