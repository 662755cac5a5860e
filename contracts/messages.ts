/**
 * Messages that travel between server and client as ids (zod issue messages, API error messages).
 * The `/*i18n*\/` marker lets `lingui extract` collect them; the Portuguese text is the source
 * message. Where docs/spec.md gives the Portuguese wording, it is used word for word.
 */
export interface MessageDescriptor {
  id: string;
  message: string;
}

export const messages = {
  unknownError: /*i18n*/ { id: 'error.unknown', message: 'Erro desconhecido.' },
  unknownErrorContactSupport: /*i18n*/ { id: 'error.unknown_support', message: 'Erro desconhecido! Contate o suporte!' },
  tokenUndefined: /*i18n*/ { id: 'error.token_undefined', message: 'Token indefinido.' },
  authTokenError: /*i18n*/ { id: 'error.auth_token', message: 'Error with authentication token.' },
  tokenExpired: /*i18n*/ { id: 'error.token_expired', message: 'Sua sessão expirou. Entre novamente.' },
  mustBeSignedIn: /*i18n*/ { id: 'error.must_be_signed_in', message: 'Você precisa estar logado para utilizar essa funcionalidade.' },
  forbidden: /*i18n*/ { id: 'error.forbidden', message: 'Você não tem permissão para fazer isso.' },
  notFound: /*i18n*/ { id: 'error.not_found', message: 'Não encontramos o que você procurou.' },
  rateLimited: /*i18n*/ { id: 'error.rate_limited', message: 'Muitas tentativas. Aguarde um pouco e tente de novo.' },
  invalidCredentials: /*i18n*/ { id: 'error.invalid_credentials', message: 'E-mail ou senha incorretos.' },
  emailTaken: /*i18n*/ { id: 'error.email_taken', message: 'Já existe uma conta com este e-mail.' },
  refreshInvalid: /*i18n*/ { id: 'error.refresh_invalid', message: 'Sessão inválida. Entre novamente.' },
  resetInvalid: /*i18n*/ { id: 'error.reset_invalid', message: 'Este link de redefinição é inválido ou expirou. Peça um novo.' },
  userInactive: /*i18n*/ { id: 'error.user_inactive', message: 'Esta conta está desativada.' },

  required: /*i18n*/ { id: 'validation.required', message: 'Campo obrigatório' },
  nameRequired: /*i18n*/ { id: 'validation.name.required', message: 'O nome é obrigatório' },
  nameLettersOnly: /*i18n*/ { id: 'validation.name.letters', message: 'O nome deve conter apenas letras' },
  nameTooLong: /*i18n*/ { id: 'validation.name.too_long', message: 'O nome deve ter no máximo 120 caracteres' },
  emailRequired: /*i18n*/ { id: 'validation.email.required', message: 'O e-mail é obrigatório' },
  emailInvalid: /*i18n*/ { id: 'validation.email.invalid', message: 'E-mail inválido' },
  passwordRequired: /*i18n*/ { id: 'validation.password.required', message: 'A senha é obrigatória' },
  passwordTooShort: /*i18n*/ { id: 'validation.password.too_short', message: 'A senha deve ter pelo menos 8 caracteres' },
  passwordTooLong: /*i18n*/ { id: 'validation.password.too_long', message: 'A senha deve ter no máximo 128 caracteres' },
  passwordTooCommon: /*i18n*/ { id: 'validation.password.too_common', message: 'Esta senha é muito comum. Escolha outra.' },
  personTypeInvalid: /*i18n*/ { id: 'validation.person_type.invalid', message: 'Escolha pessoa física ou jurídica' },
  cpfRequired: /*i18n*/ { id: 'validation.cpf.required', message: 'O CPF é obrigatório' },
  cpfInvalid: /*i18n*/ { id: 'validation.cpf.invalid', message: 'CPF inválido' },
  cnpjRequired: /*i18n*/ { id: 'validation.cnpj.required', message: 'O CNPJ é obrigatório' },
  cnpjInvalid: /*i18n*/ { id: 'validation.cnpj.invalid', message: 'CNPJ inválido' },
  phoneRequired: /*i18n*/ { id: 'validation.phone.required', message: 'O telefone é obrigatório' },
  phoneInvalid: /*i18n*/ { id: 'validation.phone.invalid', message: 'Telefone inválido' },
  birthDateInvalid: /*i18n*/ { id: 'validation.birth_date.invalid', message: 'Data de nascimento inválida' },
  zipCodeInvalid: /*i18n*/ { id: 'validation.zip_code.invalid', message: 'CEP inválido' },
  stateInvalid: /*i18n*/ { id: 'validation.state.invalid', message: 'Estado inválido' },
  addressStateRequired: /*i18n*/ { id: 'validation.address.state_required', message: 'Escolha o estado (UF) do endereço' },
  houseNumberInvalid: /*i18n*/ { id: 'validation.house_number.invalid', message: 'Número inválido' },
  fieldTooLong: /*i18n*/ { id: 'validation.too_long', message: 'Texto longo demais' },
  tokenRequired: /*i18n*/ { id: 'validation.token.required', message: 'O token é obrigatório' },
  invalidBody: /*i18n*/ { id: 'validation.invalid_body', message: 'Dados inválidos' },
  invalidCharacters: /*i18n*/ { id: 'validation.invalid_characters', message: 'Este campo contém caracteres inválidos' },
  passwordsDiffer: /*i18n*/ { id: 'validation.password.confirmation', message: 'As senhas não conferem' },
} satisfies Record<string, MessageDescriptor>;

export type MessageKey = keyof typeof messages;
